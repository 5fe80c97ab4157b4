import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementPage, TREASURY_NAME, type StatementLineDto } from '../../../../schema/api/statement.ts';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import { inTransaction } from '../../../infra/db/database.ts';
import { mint, transfer } from '../../../domain/economy/ledger.ts';
import { STATEMENT_CSV_HEADER } from '../../../domain/economy/statement-csv.ts';
import { REASON_LABEL } from '../../../../schema/api/ledger-labels.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { parseCsv } from '../../../testing/csv.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf, createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

async function wholeStatement(agent: TestAgent, filters = ''): Promise<{ balance: number; lines: StatementLineDto[]; pages: number }> {
  const lines: StatementLineDto[] = [];
  let cursor: string | null = null;
  let balance = 0;
  let pages = 0;
  do {
    const response = await agent.get(`/api/account/statement?limit=200${filters}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = StatementPage.parse(response.body);
    balance = page.balance;
    lines.push(...page.lines);
    cursor = page.next_cursor;
    pages++;
  } while (cursor);
  return { balance, lines, pages };
}

for (const backend of testBackends()) {
  describe(`[open books] a player's statement on ${backend.name}`, () => {
    let game: TestServer;
    let player: { id: string; agent: TestAgent };
    let friend: string;
    let movements = 0;
    beforeAll(async () => {
      game = await startTestServer(backend);
      const sql = game.database.sql;
      player = await signedInPlayer(game, { balance: 1_000 });
      friend = await createPlayer(sql, { balance: 1_000, username: 'Smith, "J"' });
      const [village] = await sql<{ id: number }[]>`select id from territories where type = 'village' order by id limit 1`;
      movements = 1;
      // Hundreds of movements of every direction: mints in, rent both ways, payments to the treasury.
      await inTransaction(sql, async (tx) => {
        for (let i = 1; i <= 100; i++) {
          await mint(tx, player.id, { amount: i, reason: 'earnings', territoryId: village.id }, new Date());
          await transfer(tx, player.id, friend, { amount: 7, reason: 'rent' }, new Date());
          await transfer(tx, friend, player.id, { amount: 3, reason: 'rent' }, new Date());
          await transfer(tx, player.id, WANAKT_USER_ID, { amount: 2, reason: 'upgrade' }, new Date());
          movements += 4;
        }
      });
    });
    afterAll(() => game.stop());

    it('when a player with hundreds of movements pages through the statement, then the newest running balance is the balance, and each line follows from the one before', async () => {
      const { balance, lines, pages } = await wholeStatement(player.agent);
      expect(pages).toBe(3);
      expect(lines).toHaveLength(movements);
      expect(balance).toBe(await balanceOf(game.database.sql, player.id));
      expect(lines[0].running_balance).toBe(balance);
      expect(lines.at(-1)).toMatchObject({ reason: 'registration', counterparty: 'minted', amount: 1_000, running_balance: 1_000 });
      for (let i = 0; i < lines.length - 1; i++) {
        expect(lines[i].running_balance).toBe(lines[i + 1].running_balance + lines[i].amount);
        expect(BigInt(lines[i].id)).toBeGreaterThan(BigInt(lines[i + 1].id));
      }
    });

    it('when the statement names counterparties, then a player by name, the treasury and mints as such, with the territory', async () => {
      const { lines } = await wholeStatement(player.agent);
      const [upgrade, rentIn, rentOut, earnings] = lines;
      expect(upgrade).toMatchObject({ reason: 'upgrade', counterparty: TREASURY_NAME, amount: -2, territory_name: null });
      expect(rentIn).toMatchObject({ reason: 'rent', counterparty: 'Smith, "J"', amount: 3 });
      expect(rentOut).toMatchObject({ reason: 'rent', counterparty: 'Smith, "J"', amount: -7 });
      expect(earnings).toMatchObject({ reason: 'earnings', counterparty: 'minted', amount: 100 });
      expect(earnings.territory_name).toEqual(expect.any(String));
    });

    it('when filtered by reason or month, then only those lines show, still with the balance the account had after each', async () => {
      const all = await wholeStatement(player.agent);
      const rent = await wholeStatement(player.agent, '&reason=rent');
      expect(rent.lines).toEqual(all.lines.filter((line) => line.reason === 'rent'));
      const month = new Date().toISOString().slice(0, 7);
      expect((await wholeStatement(player.agent, `&month=${month}`)).lines).toEqual(all.lines);
      expect((await wholeStatement(player.agent, '&month=2001-01')).lines).toEqual([]);
    });

    it('when exported as CSV, then the file reads back as exactly the statement', async () => {
      const { lines } = await wholeStatement(player.agent);
      const response = await fetch(`${game.server.url}/api/account/statement.csv`, { headers: { cookie: player.agent.cookieHeader } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="statement.csv"');
      const [header, ...rows] = parseCsv(await response.text());
      expect(header).toEqual([...STATEMENT_CSV_HEADER]);
      expect(
        rows.map(([id, created_at, reason, description, counterparty, territory, amount, running_balance]) => ({
          id,
          created_at,
          reason,
          description,
          counterparty,
          amount: Number(amount),
          running_balance: Number(running_balance),
          territory_name: territory === '' ? null : territory,
        })),
      ).toEqual(lines.map((line) => ({ ...line, description: REASON_LABEL[line.reason] })));
      expect(rows.map((row) => row[3])).toContain('Starting grant');

      const rent = await fetch(`${game.server.url}/api/account/statement.csv?reason=rent`, {
        headers: { cookie: player.agent.cookieHeader },
      });
      expect(parseCsv(await rent.text())).toHaveLength(1 + lines.filter((line) => line.reason === 'rent').length);
    });

    it('when a counterparty chose a name a spreadsheet would run, then the CSV keeps it as text', async () => {
      const sql = game.database.sql;
      const someone = await signedInPlayer(game, { balance: 10 });
      const trickster = await createPlayer(sql, { balance: 50, username: '=HYPERLINK("x")' });
      await inTransaction(sql, (tx) => transfer(tx, trickster, someone.id, { amount: 5, reason: 'rent' }, new Date()));
      const response = await fetch(`${game.server.url}/api/account/statement.csv`, { headers: { cookie: someone.agent.cookieHeader } });
      const [, newest] = parseCsv(await response.text());
      expect(newest[4]).toBe(`'=HYPERLINK("x")`);
    });

    it('when nobody is logged in, or the query is malformed, then a JSON error and no lines', async () => {
      expect(await game.agent().get('/api/account/statement')).toMatchObject({ status: 401, body: { message: 'Please log in first' } });
      expect((await game.agent().get('/api/account/statement.csv')).status).toBe(401);
      const cases: [string, string][] = [
        ['limit=201', 'Limit must be a whole number from 1 to 200'],
        ['limit=0', 'Limit must be a whole number from 1 to 200'],
        ['limit=ten', 'Limit must be a whole number from 1 to 200'],
        ['cursor=abc', 'Cursor must be the next_cursor of a previous page'],
        ['reason=theft', 'Unknown reason'],
        ['month=2026-13', 'Month must look like 2026-05'],
        [`userId=${friend}`, 'Unknown statement filter'],
        ['reason=rent&reason=upgrade', 'Unknown reason'],
      ];
      for (const [query, message] of cases) {
        expect(await player.agent.get(`/api/account/statement?${query}`), query).toMatchObject({ status: 400, body: { message } });
      }
      expect(await player.agent.get('/api/account/statement.csv?cursor=5')).toMatchObject({
        status: 400,
        body: { message: 'Unknown statement filter' },
      });
    });
  });
}
