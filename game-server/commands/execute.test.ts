import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActingUser, Actor } from '../../schema/commands/policy.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import type { Database, Sql } from '../infra/db/database.ts';
import { outboxHead } from '../infra/events/outbox.ts';
import { testBackends } from '../testing/databases.ts';
import { balanceOf, createPlayer } from '../testing/players.ts';
import { committedEvents } from '../testing/processes.ts';
import { execute } from './execute.ts';
import type { CommandDeps } from './handler.ts';

// One test per command family, on both backends: the policy refuses before anything is read, bad
// input is a 400 that changes nothing, and a command's rows, ledger lines and outbox events
// commit together or not at all.

const NOW = new Date('2026-05-01T09:00:00Z');
const wanakt: ActingUser = { id: WANAKT_USER_ID, username: 'wanakt', is_wanakt: true };
const as = (user: ActingUser | null): Actor => ({ user, via: 'web' });

/** Everything a command could leave behind: the outbox, the ledger and the balances. */
async function footprint(sql: Sql) {
  const [ledger] = await sql<{ count: string; sum: string }[]>`select count(*)::text, coalesce(sum(amount), 0)::text as sum from ledger`;
  const [balances] = await sql<{ sum: string }[]>`select sum(drk_balance)::text from users`;
  return { outbox: await outboxHead(sql), ledgerLines: Number(ledger.count), ledgerSum: ledger.sum, balances: balances.sum };
}

async function unownedListedTerritory(sql: Sql, price: number): Promise<{ id: number; name: string }> {
  const [row] = await sql<{ id: number; name: string }[]>`
    select id, name from territories where type = 'city' and owner_id is null order by id limit 1`;
  await sql`update territories set sale_price = ${price} where id = ${row.id}`;
  return row;
}

for (const backend of testBackends()) {
  describe(`[design write path] execute(actor, command) on ${backend.name}`, () => {
    let database: Database;
    let deps: CommandDeps;
    let player: ActingUser;
    beforeAll(async () => {
      database = await backend.open();
      deps = { sql: database.sql, clock: () => NOW };
      const id = await createPlayer(database.sql, { balance: 5000, username: 'commander' });
      player = { id, username: 'commander', is_wanakt: false };
    }, 120_000);
    afterAll(async () => {
      await database.close();
    });

    describe('territories', () => {
      it('when a visitor buys, then 401 before the payload is read, and nothing changes', async () => {
        const before = await footprint(database.sql);
        await expect(execute(deps, as(null), { type: 'territory.purchase', territoryId: 'not-an-id', body: 'junk' })).rejects.toMatchObject(
          {
            status: 401,
            message: 'Please log in to purchase territories',
          },
        );
        expect(await footprint(database.sql)).toEqual(before);
      });

      it("when a player upgrades another's territory, then 403 from the policy's owner line, and nothing changes", async () => {
        const other = await createPlayer(database.sql);
        const territory = await unownedListedTerritory(database.sql, 10);
        await database.sql`update territories set owner_id = ${other}, sale_price = null where id = ${territory.id}`;
        const before = await footprint(database.sql);
        await expect(
          execute(deps, as(player), { type: 'territory.upgrade', territoryId: territory.id, body: { upgrade_tier: 'premium' } }),
        ).rejects.toMatchObject({ status: 403, message: `Only the owner of ${territory.name} can upgrade it` });
        const [row] = await database.sql`select upgrade_tier from territories where id = ${territory.id}`;
        expect(row.upgrade_tier).toBe('standard');
        expect(await footprint(database.sql)).toEqual(before);
      });

      it('when the body is bad, then 400 with the validator’s message, and nothing changes', async () => {
        const territory = await unownedListedTerritory(database.sql, 100);
        const before = await footprint(database.sql);
        await expect(
          execute(deps, as(player), { type: 'territory.purchase', territoryId: territory.id, body: { sale_price: 1.5 } }),
        ).rejects.toMatchObject({
          status: 400,
          message: 'sale_price must be a whole number of DRK',
        });
        await expect(execute(deps, as(player), { type: 'territory.purchase', territoryId: 'abc', body: {} })).rejects.toMatchObject({
          status: 400,
          message: 'Territory id must be a positive whole number',
        });
        expect(await footprint(database.sql)).toEqual(before);
      });

      it('when a payload names another acting user, then 403 and nothing changes', async () => {
        const territory = await unownedListedTerritory(database.sql, 100);
        const before = await footprint(database.sql);
        await expect(
          execute(deps, as(player), { type: 'territory.purchase', territoryId: territory.id, body: { userId: 'someone-else' } }),
        ).rejects.toMatchObject({ status: 403, message: 'You can only act for yourself' });
        expect(await footprint(database.sql)).toEqual(before);
      });

      it('when a purchase succeeds, then the owner, one ledger line and its outbox events are committed together', async () => {
        const territory = await unownedListedTerritory(database.sql, 700);
        const before = await footprint(database.sql);
        const balance = await balanceOf(database.sql, player.id);
        const answer = await execute(deps, as(player), {
          type: 'territory.purchase',
          territoryId: String(territory.id),
          body: { sale_price: 700 },
        });
        expect(answer).toEqual({ status: 200, body: { message: `You now own ${territory.name}` } });
        const [row] = await database.sql`select owner_id, sale_price from territories where id = ${territory.id}`;
        expect(row).toEqual({ owner_id: player.id, sale_price: null });
        const after = await footprint(database.sql);
        expect(after.ledgerLines).toBe(before.ledgerLines + 1);
        expect(after.balances).toBe(before.balances);
        expect(await balanceOf(database.sql, player.id)).toBe(balance - 700);
        // The buyer's own notice of the purchase is written with it (docs/write-path.md: notices last).
        expect(await committedEvents(database.sql, before.outbox)).toEqual([
          { type: 'notifications.created', notices: [{ id: expect.any(Number), userId: player.id }] },
          { type: 'territories.changed', territoryIds: [territory.id] },
          { type: 'balances.changed', userIds: [player.id, WANAKT_USER_ID] },
        ]);
      });

      it('when the transaction fails after the ledger write, then no ledger line, no owner change and no outbox row remain', async () => {
        const territory = await unownedListedTerritory(database.sql, 300);
        const before = await footprint(database.sql);
        // The outbox refuses every row from here on: the purchase has already paid when it emits.
        await database.sql`alter table outbox add constraint injected_failure check (false) not valid`;
        try {
          await expect(execute(deps, as(player), { type: 'territory.purchase', territoryId: territory.id, body: {} })).rejects.toThrow(
            /injected_failure/,
          );
        } finally {
          await database.sql`alter table outbox drop constraint injected_failure`;
        }
        const [row] = await database.sql`select owner_id, sale_price::int from territories where id = ${territory.id}`;
        expect(row).toEqual({ owner_id: null, sale_price: 300 });
        expect(await footprint(database.sql)).toEqual(before);
      });
    });

    describe('economy', () => {
      it('when a player mints, then 403; when the Wanakt mints, then the supply, the ledger and the outbox move together', async () => {
        const before = await footprint(database.sql);
        await expect(
          execute(deps, as(player), { type: 'currency.mint', body: { amount: 5, recipientId: player.id } }),
        ).rejects.toMatchObject({
          status: 403,
          message: 'Only the Wanakt can do that',
        });
        await expect(
          execute(deps, as(wanakt), { type: 'currency.mint', body: { amount: 0, recipientId: player.id } }),
        ).rejects.toMatchObject({ status: 400 });
        expect(await footprint(database.sql)).toEqual(before);

        const answer = await execute(deps, as(wanakt), { type: 'currency.mint', body: { amount: 25, recipientId: player.id } });
        expect(answer).toMatchObject({ status: 200, body: { message: 'Minted 25 DRK for commander' } });
        const after = await footprint(database.sql);
        expect(after.ledgerLines).toBe(before.ledgerLines + 1);
        expect(Number(after.balances)).toBe(Number(before.balances) + 25);
        expect(await committedEvents(database.sql, before.outbox)).toEqual([
          { type: 'notifications.created', notices: [{ id: expect.any(Number), userId: player.id }] },
          { type: 'balances.changed', userIds: [player.id] },
        ]);
      });
    });

    describe('world', () => {
      it('when the Wanakt founds a settlement, then 201 with the territory and its outbox event; a player is refused', async () => {
        const settlement = { name: 'Commandville', latitude: '10.5', longitude: '20.25', type: 'main', basePrice: 4000 };
        await expect(execute(deps, as(player), { type: 'settlement.create', body: settlement })).rejects.toMatchObject({ status: 403 });
        await expect(execute(deps, as(wanakt), { type: 'settlement.create', body: { ...settlement, name: ' ' } })).rejects.toMatchObject({
          status: 400,
          message: 'Please fill in all required fields',
        });
        const before = await outboxHead(database.sql);
        const answer = await execute(deps, as(wanakt), { type: 'settlement.create', body: settlement });
        expect(answer.status).toBe(201);
        const territory = answer.body as { id: number; name: string; sale_price: number };
        expect(territory).toMatchObject({ name: 'Commandville', sale_price: 4000 });
        expect(await committedEvents(database.sql, before)).toEqual([{ type: 'territories.changed', territoryIds: [territory.id] }]);
      });
    });

    describe('social', () => {
      it('when a player chats for another, then 403; when for itself, then 201 and chat.posted in the outbox', async () => {
        const [{ id: territoryId }] = await database.sql<{ id: number }[]>`select id from territories order by id limit 1`;
        await expect(
          execute(deps, as(player), { type: 'chat.post', body: { territory_id: territoryId, message: 'hi', user_id: 'someone-else' } }),
        ).rejects.toMatchObject({ status: 403 });
        const before = await outboxHead(database.sql);
        const answer = await execute(
          deps,
          { user: player, via: 'room' },
          { type: 'chat.post', body: { territory_id: territoryId, message: ' hello ' } },
        );
        expect(answer).toMatchObject({ status: 201, body: { message: 'hello', user_id: player.id } });
        expect(await committedEvents(database.sql, before)).toEqual([{ type: 'chat.posted', message: answer.body }]);
      });
    });

    describe('ads', () => {
      it('when a visitor buys a banner, then 401 in the banner form’s words; a player pays DRK, and the ad, the ledger and the outbox commit together', async () => {
        const banner = { title: 'Visit us', content: 'The finest maps', click_url: 'https://example.com', target_impressions: 1000 };
        await expect(execute(deps, as(null), { type: 'banner.buy', body: banner })).rejects.toMatchObject({
          status: 401,
          message: 'Please log in to create a banner',
        });
        const before = await footprint(database.sql);
        const answer = await execute(deps, as(player), { type: 'banner.buy', body: banner });
        expect(answer).toMatchObject({ status: 201, body: { title: 'Visit us', status: 'in_review' } });
        const after = await footprint(database.sql);
        expect(after.ledgerLines).toBe(before.ledgerLines + 1);
        expect(await committedEvents(database.sql, before.outbox)).toEqual([
          { type: 'balances.changed', userIds: [player.id, WANAKT_USER_ID] },
        ]);
      });
    });

    it('when the type is not a command, then 400 and nothing runs', async () => {
      await expect(execute(deps, as(wanakt), { type: 'territory.demolish' } as never)).rejects.toMatchObject({
        status: 400,
        message: 'Unknown command',
      });
    });
  });
}
