import { describe, expect, it } from 'vitest';
import { DOOR_LIMITS } from '../../infra/limits/door-limits.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { suiteServerKeptInBalance } from '../../testing/suite-server.ts';

// Once seen: 500 clicks from one address on one ad were 500 × 302 and the counter went 0 → 500; ten
// parallel broadcast checkouts opened ten payments, all payable, for one broadcast a day.
const postgres = postgresBackendIfReachable();

describe.runIf(postgres)('clicks and checkouts that count once', () => {
  const game = suiteServerKeptInBalance(postgres);

  it('when one address clicks one ad 500 times, then one click is counted and the address is limited; another address adds one', async () => {
    const [ad] = await game().database.sql<{ id: number }[]>`
      insert into ads (title, content, click_url, impressions_wanted, total_cost_cents, status)
      values ('Clicked', 'Click me', 'https://advertiser.example/', 1000, 12000, 'active') returning id`;
    const clicker = game().agent();
    const statuses: number[] = [];
    for (let i = 0; i < 500; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${game().server.url}/api/ads/${ad.id}/click`, { redirect: 'manual', headers: { 'x-forwarded-for': clicker.address } }),
        ),
      );
      statuses.push(...batch.map((answer) => answer.status));
    }
    const [{ clicks }] = await game().database.sql<{ clicks: number }[]>`select clicks from ads where id = ${ad.id}`;
    const other = await fetch(`${game().server.url}/api/ads/${ad.id}/click`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': game().agent().address },
    });
    const [{ clicks: afterOther }] = await game().database.sql<{ clicks: number }[]>`select clicks from ads where id = ${ad.id}`;
    const followed = statuses.filter((status) => status === 302).length;
    console.log(
      `500 clicks from one address: ${followed} × 302, ${statuses.filter((status) => status === 429).length} × 429; counter 0 → ${clicks}; another address: ${other.status}, counter ${afterOther}`,
    );
    expect(followed).toBe(DOOR_LIMITS.adClick.points);
    expect(clicks).toBe(1);
    expect(other.status).toBe(302);
    expect(afterOther).toBe(2);
  });

  it('when a player clicks an ad from two addresses and two players click it from one, then each player counts once', async () => {
    const [ad] = await game().database.sql<{ id: number }[]>`
      insert into ads (title, content, click_url, impressions_wanted, total_cost_cents, status)
      values ('Clicked by players', 'Click me', 'https://advertiser.example/', 1000, 12000, 'active') returning id`;
    const [traveller, first, second] = await Promise.all(
      ['click-traveller', 'click-neighbour-1', 'click-neighbour-2'].map((username) => signedInPlayer(game(), { username })),
    );
    const shared = game().agent().address;
    const click = (cookie: string, address: string) =>
      fetch(`${game().server.url}/api/ads/${ad.id}/click`, { redirect: 'manual', headers: { cookie, 'x-forwarded-for': address } });
    const statuses = [
      (await click(traveller.agent.cookieHeader, game().agent().address)).status,
      (await click(traveller.agent.cookieHeader, game().agent().address)).status,
      (await click(first.agent.cookieHeader, shared)).status,
      (await click(second.agent.cookieHeader, shared)).status,
    ];
    const [{ clicks }] = await game().database.sql<{ clicks: number }[]>`select clicks from ads where id = ${ad.id}`;
    console.log(`one player from two addresses, two players from one: ${statuses.join(', ')}; counter 0 → ${clicks}`);
    expect(statuses).toEqual([302, 302, 302, 302]);
    expect(clicks).toBe(3);
  });

  it('when a player opens 10 broadcast checkouts in parallel, then one is open and the others answer 409 saying to resume or cancel it, with no raw payment id', async () => {
    const player = await signedInPlayer(game(), { username: 'eager-sender' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => player.agent.post('/api/broadcasts/payment', { message: 'Hello world' })),
    );
    const opened = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    const [{ n }] = await game().database.sql<
      { n: number }[]
    >`select count(*)::int as n from payments where user_id = ${player.id} and purpose = 'broadcast' and status = 'pending'`;
    console.log(
      `10 parallel broadcast checkouts: ${opened.length} × 201, ${refused.length} × 409; open payments: ${n}; "${refused[0]?.body.message}"`,
    );
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(9);
    expect(n).toBe(1);
    for (const answer of refused) {
      expect(answer.body.message).toBe('You have already started paying for a broadcast: resume or cancel that payment first');
      expect(answer.body.message).not.toContain(opened[0].body.paymentIntentId);
    }
  });

  it('when a paid broadcast cannot be sent (its sender was muted meanwhile), then the payment is refunded', async () => {
    const player = await signedInPlayer(game(), { username: 'muted-payer' });
    const checkout = await player.agent.post('/api/broadcasts/payment', { message: 'Before the mute' });
    expect(checkout.status).toBe(201);
    const wanakt = await game().wanakt();
    expect((await wanakt.post('/api/admin/mutes', { userId: player.id, minutes: 60, reason: 'spam' })).status).toBe(201);
    const { paymentIntentId, clientSecret } = checkout.body;
    const confirmed = await player.agent.post('/api/payments/sandbox/confirm', { paymentIntentId, clientSecret, outcome: 'succeed' });
    const [payment] = await game().database.sql<
      { status: string; failure_message: string }[]
    >`select status, failure_message from payments where id = ${paymentIntentId}`;
    console.log(
      `payment of a broadcast muted before it was paid: ${confirmed.status} ${confirmed.body.status}; stored ${payment.status} (${payment.failure_message})`,
    );
    expect(payment.status).toBe('refunded');
    expect((await player.agent.get('/api/broadcasts/allowance')).body.paid).toBe(false);
  });
});
