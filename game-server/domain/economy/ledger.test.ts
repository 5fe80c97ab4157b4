import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DRK_SUPPLY } from '../../../schema/constants.ts';
import { inTransaction, type Database } from '../../infra/db/database.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { InsufficientBalanceError, mint, mintMany, SupplyExceededError, transfer } from './ledger.ts';
import { checkInvariants, readSupply } from './supply.ts';

async function fillSupplyTo(database: Database, leaveRemaining: number): Promise<void> {
  const supply = await readSupply(database.sql);
  const whale = await createPlayer(database.sql, { balance: 0 });
  const amount = supply.max_supply - supply.total_supply - leaveRemaining;
  await inTransaction(database.sql, (tx) => mint(tx, whale, { amount, reason: 'admin_mint' }, new Date()));
}

for (const backend of testBackends()) {
  describe(`[design money] the ledger on ${backend.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await backend.open();
    });
    afterAll(() => database.close());

    it('when DRK is minted, then the balance, the supply and the ledger move together', async () => {
      const player = await createPlayer(database.sql, { balance: 0 });
      const before = await readSupply(database.sql);
      await inTransaction(database.sql, (tx) => mint(tx, player, { amount: 250, reason: 'admin_mint' }, new Date()));
      expect(await balanceOf(database.sql, player)).toBe(250);
      const after = await readSupply(database.sql);
      expect(after.total_supply - before.total_supply).toBe(250);
      expect(after.circulating_supply - before.circulating_supply).toBe(250);
      const rows = await database.sql`select reason, amount::int from ledger where to_user_id = ${player}`;
      expect(rows).toEqual([{ reason: 'admin_mint', amount: 250 }]);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('when a transfer exceeds the balance, then it is refused and nothing moves', async () => {
      const payer = await createPlayer(database.sql, { balance: 40 });
      const payee = await createPlayer(database.sql, { balance: 0 });
      const attempt = inTransaction(database.sql, (tx) =>
        transfer(tx, payer, payee, { amount: 41, reason: 'territory_purchase' }, new Date()),
      );
      await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
      await expect(attempt).rejects.toThrow('You need 41 DRK but only have 40 DRK');
      expect(await balanceOf(database.sql, payer)).toBe(40);
      expect(await balanceOf(database.sql, payee)).toBe(0);
      await inTransaction(database.sql, (tx) => transfer(tx, payer, payee, { amount: 40, reason: 'territory_purchase' }, new Date()));
      expect([await balanceOf(database.sql, payer), await balanceOf(database.sql, payee)]).toEqual([0, 40]);
    });

    it('refuses amounts that are not whole positive numbers', async () => {
      const player = await createPlayer(database.sql, { balance: 10 });
      for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
        await expect(inTransaction(database.sql, (tx) => mint(tx, player, { amount, reason: 'admin_mint' }, new Date()))).rejects.toThrow(
          RangeError,
        );
      }
      expect(await balanceOf(database.sql, player)).toBe(10);
    });

    it('keeps ledger rows append-only', async () => {
      await expect(database.sql`update ledger set amount = amount + 1`).rejects.toThrow('append-only');
      await expect(database.sql`delete from ledger`).rejects.toThrow('append-only');
    });

    it('when a transaction fails after moving DRK, then the movement is rolled back with it', async () => {
      const player = await createPlayer(database.sql, { balance: 0 });
      const attempt = inTransaction(database.sql, async (tx) => {
        await mint(tx, player, { amount: 99, reason: 'admin_mint' }, new Date());
        throw new Error('crash halfway');
      });
      await expect(attempt).rejects.toThrow('crash halfway');
      expect(await balanceOf(database.sql, player)).toBe(0);
      expect((await checkInvariants(database.sql)).ok).toBe(true);
    });

    it('when a batch mints to many accounts at once, then each gets its sum, each mint is its own ledger line, and the supply rises by the total', async () => {
      const [first, second] = [await createPlayer(database.sql, { balance: 0 }), await createPlayer(database.sql, { balance: 0 })];
      const before = await readSupply(database.sql);
      await inTransaction(database.sql, (tx) =>
        mintMany(
          tx,
          [
            { to: second, amount: 5, reason: 'earnings', reference: 'm:1' },
            { to: first, amount: 7, reason: 'earnings', reference: 'm:2' },
            { to: second, amount: 11, reason: 'earnings', reference: 'm:3' },
          ],
          new Date(),
        ),
      );
      expect([await balanceOf(database.sql, first), await balanceOf(database.sql, second)]).toEqual([7, 16]);
      expect((await readSupply(database.sql)).total_supply - before.total_supply).toBe(23);
      const lines = await database.sql`
        select to_user_id, amount::int, reference from ledger where reference like 'm:%' order by reference`;
      expect(lines).toEqual([
        { to_user_id: second, amount: 5, reference: 'm:1' },
        { to_user_id: first, amount: 7, reference: 'm:2' },
        { to_user_id: second, amount: 11, reference: 'm:3' },
      ]);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('refuses a mint past the cap of 21,000,000 and leaves the supply at the cap', async () => {
      await fillSupplyTo(database, 3);
      const player = await createPlayer(database.sql, { balance: 3 });
      const attempt = inTransaction(database.sql, (tx) => mint(tx, player, { amount: 1, reason: 'admin_mint' }, new Date()));
      await expect(attempt).rejects.toBeInstanceOf(SupplyExceededError);
      const batch = inTransaction(database.sql, (tx) =>
        mintMany(
          tx,
          [
            { to: player, amount: 1, reason: 'earnings' },
            { to: player, amount: 1, reason: 'earnings' },
          ],
          new Date(),
        ),
      );
      await expect(batch).rejects.toBeInstanceOf(SupplyExceededError);
      expect((await readSupply(database.sql)).total_supply).toBe(MAX_DRK_SUPPLY);
      expect(await balanceOf(database.sql, player)).toBe(3);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design money] concurrent writers on real PostgreSQL', () => {
  let database: Database;
  beforeEach(async () => {
    database = await postgres!.open();
  });
  afterEach(() => database?.close());

  it('when 100 mints race for the last 7 DRK under the cap, then exactly 7 win and the supply ends at the cap', async () => {
    await fillSupplyTo(database, 7);
    const players = await Promise.all(Array.from({ length: 100 }, () => createPlayer(database.sql, { balance: 0 })));
    const outcomes = await Promise.allSettled(
      players.map((player) => inTransaction(database.sql, (tx) => mint(tx, player, { amount: 1, reason: 'admin_mint' }, new Date()))),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(7);
    expect(refused.every((outcome) => (outcome as PromiseRejectedResult).reason instanceof SupplyExceededError)).toBe(true);
    expect((await readSupply(database.sql)).total_supply).toBe(MAX_DRK_SUPPLY);
    const balances = await Promise.all(players.map((player) => balanceOf(database.sql, player)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(7);
    expect((await checkInvariants(database.sql)).problems).toEqual([]);
  });

  it('when 1,000 transfers run at once between 20 accounts, then no balance goes negative and the invariants hold', async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => createPlayer(database.sql, { balance: 500 })));
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const transfers = Array.from({ length: 1000 }, () => {
      const from = next() % 20;
      const to = (from + 1 + (next() % 19)) % 20;
      return { from: accounts[from], to: accounts[to], amount: 1 + (next() % 300) };
    });
    const outcomes = await Promise.allSettled(
      transfers.map(({ from, to, amount }) =>
        inTransaction(database.sql, (tx) => transfer(tx, from, to, { amount, reason: 'territory_purchase' }, new Date())),
      ),
    );
    const unexpected = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && !((outcome as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const balances = await Promise.all(accounts.map((account) => balanceOf(database.sql, account)));
    expect(balances.every((balance) => balance >= 0)).toBe(true);
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(20 * 500);
    const [moved] = await database.sql<{ n: number }[]>`select count(*)::int as n from ledger where reason = 'territory_purchase'`;
    expect(moved.n).toBe(outcomes.filter((outcome) => outcome.status === 'fulfilled').length);
    expect((await checkInvariants(database.sql)).problems).toEqual([]);
  });
});
