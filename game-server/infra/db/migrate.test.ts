import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../domain/economy/supply.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { openPostgres, type Queryable } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { seed } from '../../domain/seed/seed.ts';
import { WORLD } from '../../domain/seed/world-data.ts';

const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
const seedOptions = { includeDemo: true, now: new Date('2026-11-22T00:00:00Z') };

async function snapshot(sql: Queryable) {
  const [counts] = await sql`
    select (select count(*)::int from users) as users,
           (select count(*)::int from territories) as territories,
           (select count(*)::int from collectibles) as collectibles,
           (select count(*)::int from special_events) as special_events,
           (select count(*)::int from territory_events) as territory_events,
           (select count(*)::int from ledger) as ledger,
           (select count(*)::int from schema_migrations) as migrations,
           (select total_supply::text from currency_supply) as supply,
           (select string_agg(id || ':' || password_hash, ',' order by id) from users) as passwords`;
  return counts;
}

for (const backend of testBackends()) {
  describe(`[design storage] migrations and seed on ${backend.name}`, () => {
    it('when run twice, then the second run changes nothing and prints no password again', async () => {
      const database = await backend.openEmpty();
      try {
        expect(await migrate(database.sql)).toEqual(await migrationFiles());
        const first = await seed(database.sql, seedOptions);
        expect(first.territoriesCreated).toBe(WORLD.length);
        expect(first.generatedLogins.map((login) => login.username)).toEqual(['wanakt', 'sample']);
        const before = await snapshot(database.sql);

        expect(await migrate(database.sql)).toEqual([]);
        const second = await seed(database.sql, seedOptions);
        expect(second).toEqual({ generatedLogins: [], territoriesCreated: 0 });
        expect(await snapshot(database.sql)).toEqual(before);
        expect((await checkInvariants(database.sql)).problems).toEqual([]);
      } finally {
        await database.close();
      }
    });

    it('when a generated password was printed once, then a configured one replaces it at the next start', async () => {
      const database = await backend.openEmpty();
      try {
        await migrate(database.sql);
        await seed(database.sql, seedOptions);
        const [before] = await database.sql`select password_hash from users where id = 'wanakt-admin'`;
        await seed(database.sql, { ...seedOptions, wanaktPassword: 'chosen-later' });
        const [after] = await database.sql`select password_hash from users where id = 'wanakt-admin'`;
        expect(after.password_hash).not.toBe(before.password_hash);
      } finally {
        await database.close();
      }
    });

    it('refuses a new migration numbered below one already applied', async () => {
      const database = await backend.openEmpty();
      const folder = await mkdtemp(join(tmpdir(), 'wanakt-migrations-'));
      try {
        await writeFile(join(folder, '0002_second.sql'), 'create table second (id int);');
        await migrate(database.sql, folder);
        await writeFile(join(folder, '0001_first.sql'), 'create table first (id int);');
        await expect(migrate(database.sql, folder)).rejects.toThrow('0001_first.sql is older than one already applied');
      } finally {
        await database.close();
      }
    });

    it('refuses to start when an applied migration was edited', async () => {
      const database = await backend.openEmpty();
      const folder = await mkdtemp(join(tmpdir(), 'wanakt-migrations-'));
      try {
        const original = await readFile(join(MIGRATIONS_DIR, '0001_init.sql'), 'utf8');
        await writeFile(join(folder, '0001_init.sql'), original);
        await migrate(database.sql, folder);
        await writeFile(join(folder, '0001_init.sql'), `${original}\n-- edited`);
        await expect(migrate(database.sql, folder)).rejects.toThrow('0001_init.sql was changed after it was applied');
      } finally {
        await database.close();
      }
    });

    it('seeds the world the spec names: the Wanakt seat, main cities, wonders and a feudal tree', async () => {
      const database = await backend.open();
      try {
        const rows = await database.sql<{ type: string; n: number }[]>`select type, count(*)::int as n from territories group by type`;
        const byType = Object.fromEntries(rows.map((row) => [row.type, row.n]));
        expect(byType.wanakt).toBe(1);
        expect(byType.main).toBeGreaterThanOrEqual(24);
        expect(byType.wonder).toBeGreaterThanOrEqual(7);
        expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(150);
        const orphans = await database.sql`
          select name from territories where type in ('city', 'town', 'village', 'sub', 'common') and parent_territory_id is null`;
        expect(orphans).toEqual([]);
        const wonders = await database.sql`select distinct owner_id, sale_price from territories where type in ('wonder', 'wanakt')`;
        expect(wonders).toEqual([{ owner_id: 'wanakt-admin', sale_price: null }]);
        const [active] = await database.sql`select count(*)::int as n from special_events where start_date < now() and end_date > now()`;
        expect(active.n).toBeGreaterThanOrEqual(1);
      } finally {
        await database.close();
      }
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design storage] two processes starting at once on real PostgreSQL', () => {
  it('when two servers migrate and seed one empty database at once, then both succeed and nothing is doubled', async () => {
    const first = await postgres!.openEmpty();
    try {
      const second = await openPostgres(first.url!);
      try {
        const results = await Promise.all(
          [first, second].map(async (database) => {
            const applied = await migrate(database.sql);
            const seeded = await seed(database.sql, seedOptions);
            return { applied, seeded };
          }),
        );
        expect(results.map((result) => result.applied.length).sort()).toEqual([0, (await migrationFiles()).length]);
        expect(results.map((result) => result.seeded.territoriesCreated).sort((a, b) => a - b)).toEqual([0, WORLD.length]);
        expect(results.flatMap((result) => result.seeded.generatedLogins)).toHaveLength(2);
        const [count] = await first.sql`select count(*)::int as n from territories`;
        expect(count.n).toBe(WORLD.length);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
