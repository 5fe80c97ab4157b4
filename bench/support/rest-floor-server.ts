// The floor of the REST benchmark: a bare Express 5 app on postgres.js that reads the territories
// with one select and answers res.json, from the database on every request or from an array kept
// in memory, and nothing else: no sessions, no keys, no compression, no cache. What the game
// costs beyond this is its own. Express's default ETag and 304 stay on, as any Express app has.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import postgres from 'postgres';
import { serveStats } from './server-stats.ts';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const select = () => sql`
  select t.id, t.name, t.type, t.owner_id, u.username as owner_name, t.parent_territory_id, t.description,
         t.latitude::text, t.longitude::text, t.monthly_revenue::text, t.price::text, t.sale_price::text,
         t.purchase_price::text, t.population::text, t.upgrade_tier, t.visits::text
    from territories t left join users u on u.id = t.owner_id order by t.id`;
const kept = await select();

const app = express();
app.get('/db/territories', async (_req, res) => {
  res.json(await select());
});
app.get('/memory/territories', (_req, res) => {
  res.json(kept);
});
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
serveStats(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, async () => {
  server.close();
  await sql.end({ timeout: 5 });
});
