import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_OFFERS_PER_TERRITORY } from '../../../../schema/rules/offers.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { expireOffers } from '../../../jobs/offer-expiry.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { startTestServerAsWanakt, type TestServer } from '../../../testing/test-server.ts';

type Player = { id: string; agent: TestAgent };

/** A buyer's statement lines for a territory, oldest first: reason and signed amount. */
async function statementOf(agent: TestAgent, territoryName: string) {
  const { body } = await agent.get('/api/account/statement?limit=200');
  return (body.lines as { reason: string; amount: number; territory_name: string | null; counterparty: string }[])
    .filter((line) => line.territory_name === territoryName)
    .reverse()
    .map((line) => [line.reason, line.amount, line.counterparty]);
}

for (const backend of testBackends()) {
  describe(`[§4 offers] offers with escrow on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let seller: Player;
    let buyer: Player;
    let rival: Player;
    let land: { id: number; name: string }[];

    beforeAll(async () => {
      ({ game, sql, wanakt } = await startTestServerAsWanakt(backend));
      seller = await signedInPlayer(game, { balance: 100_000, username: 'offer-seller' });
      buyer = await signedInPlayer(game, { balance: 10_000, username: 'offer-buyer' });
      rival = await signedInPlayer(game, { balance: 10_000, username: 'offer-rival' });
      land = await sql<{ id: number; name: string }[]>`
        select id, name from territories where owner_id is null and sale_price <= 5000 and type not in ('wanakt', 'wonder') order by id limit 4`;
      for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    }, 180_000);
    afterAll(() => game?.stop());
    afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

    it('when a buyer offers, then the DRK is held at once, the owner alone sees the offers, anyone sees the best, and a withdrawal returns it', async () => {
      const [territory] = land;
      const made = await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 700 });
      expect(made.status).toBe(201);
      expect(made.body.offer).toMatchObject({ amount: 700, status: 'open', buyer_name: 'offer-buyer', owner_name: 'offer-seller' });
      expect(Date.parse(made.body.offer.expires_at) - Date.parse(made.body.offer.created_at)).toBe(7 * 24 * 3_600_000);
      expect(await balanceOf(sql, buyer.id)).toBe(9_300);
      expect((await rival.agent.post(`/api/territories/${territory.id}/offers`, { amount: 900, expires_in_hours: 1 })).status).toBe(201);

      const seen = (await game.agent().get(`/api/territories/${territory.id}/offers`)).body;
      expect(seen).toMatchObject({ open: 2, best: { amount: 900 }, offers: null, mine: null });
      const owners = (await seller.agent.get(`/api/territories/${territory.id}/offers`)).body;
      expect(owners.offers.map((offer: { amount: number }) => offer.amount)).toEqual([900, 700]);
      expect((await buyer.agent.get(`/api/territories/${territory.id}/offers`)).body.mine.amount).toBe(700);
      const notices = await sql`select text from notifications where user_id = ${seller.id} and kind = 'offer_received' order by id`;
      expect(notices.map((row) => row.text)).toEqual([
        `offer-buyer offers 700 DRK for ${territory.name}`,
        `offer-rival offers 900 DRK for ${territory.name}`,
      ]);

      const withdrawn = await buyer.agent.post(`/api/offers/${made.body.offer.id}/withdraw`, {});
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.offer.status).toBe('withdrawn');
      expect(await balanceOf(sql, buyer.id)).toBe(10_000);
      expect(await statementOf(buyer.agent, territory.name)).toEqual([
        ['offer_hold', -700, 'escrow'],
        ['offer_return', 700, 'escrow'],
      ]);
      expect((await buyer.agent.post(`/api/offers/${made.body.offer.id}/withdraw`, {})).body.message).toBe(
        `That offer on ${territory.name} has ended`,
      );
    });

    it('when offers break a rule, then each is refused with its reason and nothing is held', async () => {
      const [, territory] = land;
      expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/min-offer`, { min_offer: 500 })).body.message).toBe(
        `${territory.name} takes no offer below 500 DRK`,
      );
      const refusals: [TestAgent, number | string, unknown, number, string][] = [
        [buyer.agent, territory.id, { amount: 499 }, 409, `The owner of ${territory.name} takes no offer below 500 DRK`],
        [buyer.agent, territory.id, { amount: 50_000 }, 409, 'You need 50,000 DRK but only have 10,000 DRK'],
        [seller.agent, territory.id, { amount: 600 }, 409, `You already own ${territory.name}`],
        [buyer.agent, territory.id, { amount: 600, expires_in_hours: 721 }, 400, 'Please choose from 1 hour to 30 days (1 to 720 hours)'],
        [buyer.agent, territory.id, { amount: 0 }, 400, 'Please offer a whole number of DRK, at least 1'],
        [game.agent(), territory.id, { amount: 600 }, 401, 'Please log in to make or answer offers'],
      ];
      for (const [agent, id, body, status, message] of refusals) {
        const answer = await agent.post(`/api/territories/${id}/offers`, body);
        expect([answer.status, answer.body.message]).toEqual([status, message]);
      }
      const [unowned] = await sql<
        { id: number; name: string }[]
      >`select id, name from territories where owner_id is null and type = 'village' limit 1`;
      expect((await buyer.agent.post(`/api/territories/${unowned.id}/offers`, { amount: 600 })).body.message).toBe(
        `${unowned.name} belongs to no player: offers are made to players, the treasury's land is bought at its price`,
      );
      expect(await balanceOf(sql, buyer.id)).toBe(10_000);
      expect((await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 500 })).status).toBe(201);
      expect((await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 800 })).body.message).toBe(
        `You already have an open offer on ${territory.name}: withdraw it to offer another price`,
      );
      expect(MAX_OPEN_OFFERS_PER_TERRITORY).toBe(50);
    });

    it('when the owner counters and the buyer accepts the counter, then the buyer owns it, pays the difference, and the other offers return', async () => {
      const [, , territory] = land;
      const sellerBefore = await balanceOf(sql, seller.id);
      const offer = (await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 1_000 })).body.offer;
      const other = (await rival.agent.post(`/api/territories/${territory.id}/offers`, { amount: 1_100 })).body.offer;
      expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 9_000 })).status).toBe(200);
      expect((await seller.agent.post(`/api/offers/${offer.id}/counter`, { price: 900 })).body.message).toBe(
        'A counter asks more than the offer of 1,000 DRK: accept the offer instead',
      );
      const countered = await seller.agent.post(`/api/offers/${offer.id}/counter`, { price: 1_500, expires_in_hours: 2 });
      expect(countered.status).toBe(200);
      expect(countered.body.offer.counter_price).toBe(1_500);
      expect(Date.parse(countered.body.offer.counter_expires_at)).toBeLessThanOrEqual(Date.parse(offer.expires_at));
      expect((await seller.agent.post(`/api/offers/${offer.id}/decline`, {})).status).toBe(409);
      expect((await rival.agent.post(`/api/offers/${offer.id}/accept-counter`, {})).status).toBe(403);
      expect((await buyer.agent.post(`/api/offers/${offer.id}/accept-counter`, { price: 1_400 })).body.message).toBe(
        `The counter for ${territory.name} is now 1,500 DRK`,
      );

      const bought = await buyer.agent.post(`/api/offers/${offer.id}/accept-counter`, { price: 1_500 });
      expect([bought.status, bought.body.message]).toEqual([200, `You now own ${territory.name}, bought for 1,500 DRK`]);
      const [after] = await sql<
        { owner_id: string; sale_price: string | null }[]
      >`select owner_id, sale_price from territories where id = ${territory.id}`;
      expect(after).toEqual({ owner_id: buyer.id, sale_price: null });
      expect(await balanceOf(sql, buyer.id)).toBe(10_000 - 500 - 1_500);
      expect(await balanceOf(sql, seller.id)).toBe(sellerBefore + 1_500);
      expect(await balanceOf(sql, rival.id)).toBe(10_000 - 900);
      const statuses = await sql`select id, status from territory_offers where id in ${sql([offer.id, other.id])} order by id`;
      expect(statuses.map((row) => row.status)).toEqual(['accepted', 'voided']);
      expect(await statementOf(buyer.agent, territory.name)).toEqual([
        ['offer_hold', -1_000, 'escrow'],
        ['offer_return', 1_000, 'escrow'],
        ['territory_purchase', -1_500, 'offer-seller'],
      ]);
      expect((await statementOf(seller.agent, territory.name)).at(-1)).toEqual(['territory_purchase', 1_500, 'offer-buyer']);
      const [change] =
        await sql`select from_owner_id, to_owner_id, price::int, reason from ownership_changes where territory_id = ${territory.id} order by id desc limit 1`;
      expect(change).toEqual({ from_owner_id: seller.id, to_owner_id: buyer.id, price: 1_500, reason: 'purchase' });
      const [ended] =
        await sql`select text from notifications where user_id = ${rival.id} and kind = 'offer_ended' order by id desc limit 1`;
      expect(ended.text).toBe(
        `Your offer of 1,100 DRK for ${territory.name} ended (the territory changed hands); the DRK is back in your balance`,
      );
    });

    it('when the owner accepts an offer, then it is sold at the offer, and a gift or an assignment voids the offers on the land it moves', async () => {
      const [, second, , fourth] = land;
      const open = (await rival.agent.get(`/api/offers/made`)).body.offers.filter((offer: { status: string }) => offer.status === 'open');
      for (const offer of open) await rival.agent.post(`/api/offers/${offer.id}/withdraw`, {});
      const offer = (await rival.agent.post(`/api/territories/${fourth.id}/offers`, { amount: 2_000 })).body.offer;
      const sold = await seller.agent.post(`/api/offers/${offer.id}/accept`, {});
      expect([sold.status, sold.body.message]).toEqual([200, `You sold ${fourth.name} to offer-rival for 2,000 DRK`]);
      expect(await balanceOf(sql, rival.id)).toBe(8_000);

      const held = await balanceOf(sql, buyer.id);
      expect((await seller.agent.post(`/api/territories/${second.id}/gift`, { to: 'offer-rival' })).status).toBe(200);
      expect(await balanceOf(sql, buyer.id)).toBe(held + 500);
      expect((await sql`select min_offer from territories where id = ${second.id}`)[0].min_offer).toBeNull();
      const stale = (await buyer.agent.get('/api/offers/made')).body.offers.find(
        (made: { territory_id: number }) => made.territory_id === second.id,
      );
      expect(stale.status).toBe('voided');
      expect((await rival.agent.post(`/api/offers/${stale.id}/accept`, {})).body.message).toBe(`That offer on ${second.name} has ended`);

      expect((await buyer.agent.post(`/api/territories/${second.id}/offers`, { amount: 300 })).status).toBe(201);
      const assigned = await wanakt.post(`/api/territories/${second.id}/assign`, { userId: seller.id, price: 0 });
      expect(assigned.status).toBe(200);
      expect(await balanceOf(sql, buyer.id)).toBe(held + 500);
      expect((await game.agent().get(`/api/territories/${second.id}/offers`)).body).toMatchObject({ open: 0, best: null });
    });

    it('when an offer expires, then the expiry job ends it once and returns its DRK', async () => {
      const [first] = land;
      const offer = (await buyer.agent.post(`/api/territories/${first.id}/offers`, { amount: 100, expires_in_hours: 1 })).body.offer;
      const before = await balanceOf(sql, buyer.id);
      const later = new Date(Date.parse(offer.expires_at) + 1000);
      const deps = { sql, clock: () => later };
      const [one, two] = await Promise.all([expireOffers(deps), expireOffers(deps)]);
      expect([...one, ...two].filter((id) => id === offer.id)).toEqual([offer.id]);
      expect(await balanceOf(sql, buyer.id)).toBe(before + 100);
      expect((await expireOffers(deps)).includes(offer.id)).toBe(false);
      const [row] = await sql`select status from territory_offers where id = ${offer.id}`;
      expect(row.status).toBe('expired');
    });
  });
}
