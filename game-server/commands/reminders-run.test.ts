import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../infra/db/database.ts';
import { testBackends } from '../testing/databases.ts';
import { createPlayer } from '../testing/players.ts';
import { remindAllRent } from './reminders-run.ts';

const NOW = new Date('2031-01-28T00:00:00Z');

for (const backend of testBackends()) {
  describe(`[§4 rent due] the rent reminders of a whole period on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it('when more payments fall due than one batch reminds, then one run reminds every payer once, and the next run nobody', async () => {
      const sql = database.sql;
      const payer = await createPlayer(sql, { balance: 0 });
      const payee = await createPlayer(sql, { balance: 0 });
      const territories = await sql<{ id: number }[]>`select id from territories where owner_id is null order by id limit 7`;
      // Five due in two days, two overdue since yesterday; one already paid, which is never reminded.
      for (const [index, territory] of territories.entries()) {
        const due = new Date(NOW.getTime() + (index < 5 ? 2 : -1) * 86_400_000);
        await sql`
          insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date, paid_at)
          values ('2031-H1', ${territory.id}, ${payer}, ${payee}, 'rent', ${10 + index}, ${due}, ${index === 6 ? NOW : null})`;
      }
      const deps = { sql, clock: () => NOW };
      const batches: number[] = [];
      expect(await remindAllRent(deps, { batchSize: 2, afterBatch: (batch) => void batches.push(batch) })).toEqual({ reminded: 6 });
      expect(batches).toEqual([1, 2, 3, 4]);
      const notices = await sql<{ text: string }[]>`select text from notifications where user_id = ${payer} order by text`;
      expect(notices.filter((notice) => notice.text.includes('is due in 2 days'))).toHaveLength(5);
      expect(notices.filter((notice) => notice.text.endsWith('is overdue'))).toHaveLength(1);
      expect(await remindAllRent(deps, { batchSize: 2 })).toEqual({ reminded: 0 });
    });
  });
}
