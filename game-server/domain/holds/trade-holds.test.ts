import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDto } from '../../../schema/api/user.ts';
import type { TradeHoldEntryDto } from '../../../schema/api/desk.ts';
import { TRADE_HOLD_MS } from '../../../schema/rules/trade-holds.ts';
import { inTransaction, type Sql } from '../../infra/db/database.ts';
import { mint } from '../economy/ledger.ts';
import { checkInvariants } from '../economy/supply.ts';
import { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// docs/rules.md §4 "Trade holds": for a day after a password change, an e-mail change or a login
// from a new network, the account can make offers and bid, but cannot pass land or DRK to anyone.
for (const backend of testBackends()) {
  describe(`[§4 trade holds] a stolen account cannot empty itself on ${backend.name}`, () => {
    let now = new Date('2026-06-01T12:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let names = 0;

    /** A player registered through the form from `address`, with land of its own and DRK to spend. */
    const registered = async (address: string) => {
      const agent = new TestAgent(game.server.url, address);
      const username = `holder-${(names += 1)}`;
      const answer = await agent.post<{ id: string }>('/api/users/register', { username, password: 'first password' });
      expect(answer.status).toBe(201);
      const id = (await agent.get<AccountDto>('/api/auth/me')).body.id;
      await inTransaction(sql, (tx) => mint(tx, id, { amount: 20_000, reason: 'admin_mint' }, now));
      return { agent, id, username };
    };
    const landOf = async (ownerId: string) => {
      const [land] = await sql<{ id: number; name: string; price: number }[]>`
        update territories set owner_id = ${ownerId}
         where id = (select id from territories where owner_id is null and type = 'town' and id not in (select territory_id from auctions) order by id limit 1)
         returning id, name, price::int`;
      return land;
    };
    const me = async (agent: TestAgent) => (await agent.get<AccountDto>('/api/auth/me')).body;

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      wanakt = await game.wanakt();
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when a password is changed, then every session ends and for a day the account makes offers but passes nothing on', async () => {
      const owner = await registered('198.51.100.20');
      const friend = await signedInPlayer(game, { balance: 5_000, now, username: 'held-friend' });
      const land = await landOf(owner.id);
      const other = await landOf(friend.id);

      const wrong = await owner.agent.post('/api/account/password', { current_password: 'guess', new_password: 'second password' });
      expect([wrong.status, wrong.body.message]).toEqual([403, 'The current password is not right']);
      expect((await me(owner.agent)).trade_hold).toBeNull();

      const changed = await owner.agent.post('/api/account/password', {
        current_password: 'first password',
        new_password: 'second password',
      });
      expect(changed.status).toBe(200);
      expect((await owner.agent.get('/api/auth/me')).status).toBe(401);
      const again = new TestAgent(game.server.url, owner.agent.address);
      expect((await again.post('/api/auth/login', { username: owner.username, password: 'first password' })).status).toBe(401);
      expect((await again.post('/api/auth/login', { username: owner.username, password: 'second password' })).status).toBe(200);
      const until = new Date(now.getTime() + TRADE_HOLD_MS).toISOString();
      expect((await me(again)).trade_hold).toEqual({ reason: 'password', until });

      // What passes land or DRK on is refused, saying why and until when; nothing moves.
      const balance = (await me(again)).drk_balance;
      const refused = [
        await again.post(`/api/territories/${land.id}/gift`, { to: 'held-friend' }),
        await again.post(`/api/territories/${land.id}/auctions`, { start_price: 100, duration_hours: 24 }),
        await again.request('PATCH', `/api/territories/${land.id}/listing`, { sale_price: 1 }),
      ];
      for (const answer of refused) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        expect(answer.body.message).toMatch(/^You cannot .* until .* UTC: the account's password was changed/);
      }
      const [{ owner_id }] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${land.id}`;
      expect(owner_id).toBe(owner.id);

      // A friend's offer on the land waits: the held owner cannot accept it.
      const offer = await friend.agent.post<{ offer: { id: number } }>(`/api/territories/${land.id}/offers`, { amount: 500 });
      expect(offer.status).toBe(201);
      const accept = await again.post(`/api/offers/${offer.body.offer.id}/accept`, {});
      expect([accept.status, accept.body.message], JSON.stringify(accept.body)).toEqual([
        409,
        expect.stringMatching(/^You cannot accept an offer on /),
      ]);
      // Offers are the held account's own to make.
      expect((await again.post(`/api/territories/${other.id}/offers`, { amount: 300 })).status).toBe(201);
      // A listing at a fair price is allowed.
      expect((await again.request('PATCH', `/api/territories/${land.id}/listing`, { sale_price: land.price })).status).toBe(200);
      expect((await me(again)).drk_balance).toBe(String(Number(balance) - 300));

      // A day later the hold is over and the offer can be accepted.
      now = new Date(now.getTime() + TRADE_HOLD_MS + 1_000);
      expect((await me(again)).trade_hold).toBeNull();
      expect((await again.post(`/api/offers/${offer.body.offer.id}/accept`, {})).status).toBe(200);
    });

    it('when an account logs in from a network it never used, then its trades are held; from its own network they are not', async () => {
      const owner = await registered('198.51.100.30');
      const home = new TestAgent(game.server.url, '198.51.100.30');
      expect((await home.post('/api/auth/login', { username: owner.username, password: 'first password' })).status).toBe(200);
      expect((await me(home)).trade_hold).toBeNull();
      const thief = new TestAgent(game.server.url, '203.0.113.99');
      const login = await thief.post<AccountDto>('/api/auth/login', { username: owner.username, password: 'first password' });
      expect(login.body.trade_hold).toMatchObject({ reason: 'new_network' });
      const land = await landOf(owner.id);
      const gift = await thief.post(`/api/territories/${land.id}/gift`, { to: 'wanakt' });
      expect(gift.body.message).toMatch(/logged in to from a network it had never used/);

      // The desk lists the hold and lifts it, with an audit line; the account trades again.
      const holds = (await wanakt.get<TradeHoldEntryDto[]>('/api/admin/trade-holds')).body;
      expect(holds).toContainEqual(expect.objectContaining({ user_id: owner.id, username: owner.username, reason: 'new_network' }));
      expect((await wanakt.post('/api/admin/trade-holds/lift', { userId: owner.id })).body).toEqual({
        message: `${owner.username}'s trades are no longer on hold`,
      });
      expect((await wanakt.post('/api/admin/trade-holds/lift', { userId: owner.id })).status).toBe(409);
      const [audit] = await sql<
        { action: string; subject: string }[]
      >`select action, subject from audit_log where action = 'lift_hold' order by id desc limit 1`;
      expect(audit).toEqual({ action: 'lift_hold', subject: owner.username });
      expect((await me(thief)).trade_hold).toBeNull();
      // A player cannot lift its own.
      expect((await thief.post('/api/admin/trade-holds/lift', { userId: owner.id })).status).toBe(403);
    });

    it('when an e-mail address is replaced, then the trades are held; a first address holds nothing', async () => {
      const owner = await registered('198.51.100.40');
      expect((await owner.agent.post('/api/account/email', { email: 'first@example.org' })).status).toBe(200);
      expect((await me(owner.agent)).trade_hold).toBeNull();
      expect((await owner.agent.post('/api/account/email', { email: 'other@example.org' })).status).toBe(200);
      expect((await me(owner.agent)).trade_hold).toMatchObject({ reason: 'email' });
    });
  });
}
