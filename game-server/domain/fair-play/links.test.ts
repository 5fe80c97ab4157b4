import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { inTransaction, type Database, type Sql } from '../../infra/db/database.ts';
import { addressKey } from '../../infra/limits/address-key.ts';
import { testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { clusters, LINK_REASONS, linkBetween, LINKED_THROUGH } from './links.ts';
import { markRent } from './marks.ts';

// docs/rules.md §10 "Fair play": the linking service on each database, each signal alone, then chained.

const ADDRESSES = [
  '198.51.100.7',
  '::ffff:198.51.100.7',
  '198.51.100.8',
  '2001:db8:1:2::5',
  '2001:db8:1:2:ffff::1',
  '2001:db8:1:3::5',
  '2001:0:0:0::1',
  '2001::2',
  'not an address',
];

async function player(sql: Sql, username: string, signals: { address?: string; email?: string; card?: string } = {}): Promise<string> {
  const id = await createPlayer(sql, { username, balance: 1_000 });
  if (signals.address) await sql`insert into login_addresses (user_id, address, last_login_at) values (${id}, ${signals.address}, now())`;
  if (signals.email) await sql`update users set email = ${signals.email}, email_verified_at = now() where id = ${id}`;
  if (signals.card)
    await sql`
      insert into payments (id, provider, purpose, amount_cents, status, user_id, card_fingerprint)
      values (${`pay-${username}`}, 'sandbox', 'drk_package', 500, 'succeeded', ${id}, ${signals.card})`;
  return id;
}

/** Land passed from one player to the other at this part of its price (0 for a gift); answers the price. */
async function passLand(sql: Sql, from: string, to: string, reason: 'gift' | 'purchase', part: number): Promise<number> {
  const [territory] = await sql<{ id: number; price: number }[]>`
    select id, price::int from territories
     where owner_id is null and price > 0 and id not in (select territory_id from ownership_changes) order by id limit 1`;
  const price = Math.round(territory.price * part);
  await sql`
    insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason, created_at)
    values (${territory.id}, ${from}, ${to}, ${price}, ${reason}, ${new Date()})`;
  return territory.price;
}

for (const backend of testBackends()) {
  describe(`[§10 fair play] linked accounts, on ${backend.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await backend.open();
    }, 120_000);
    afterAll(() => database.close());

    it('when addresses are keyed in the database, then the same addresses share a network as every limit counts them', async () => {
      const [row] = await database.sql<{ keys: string[] }[]>`
        select array_agg(network_of(address) order by n) as keys from unnest(${ADDRESSES}::text[]) with ordinality as a(address, n)`;
      for (const [i, first] of ADDRESSES.entries())
        for (const [j, second] of ADDRESSES.entries())
          expect([first, second, row.keys[i] === row.keys[j]]).toEqual([first, second, addressKey(first) === addressKey(second)]);
    });

    it('when confirmed addresses differ only in case, a +tag, or gmail dots, then they are one mailbox; other providers keep their dots', async () => {
      const keys = await database.sql<{ key: string }[]>`
        select email_key(address) as key from unnest(${[
          'Farmer+1@Example.org',
          'farmer+2@example.org',
          'F.a.r.mer+x@googlemail.com',
          'farmer@gmail.com',
          'far.mer@example.org',
        ]}::text[]) as a(address)`;
      expect(keys.map((row) => row.key)).toEqual([
        'farmer@example.org',
        'farmer@example.org',
        'farmer@gmail.com',
        'farmer@gmail.com',
        'far.mer@example.org',
      ]);
    });

    it('when accounts share one signal each, then each pair is linked with that reason and its evidence, and strangers are not', async () => {
      const sql = database.sql;
      const a = await player(sql, 'link-a', { address: '203.0.113.1', email: 'farmer+1@example.org' });
      const b = await player(sql, 'link-b', { address: '::ffff:203.0.113.1' });
      const c = await player(sql, 'link-c', { email: 'Farmer+2@example.org', card: 'card-one' });
      const d = await player(sql, 'link-d', { card: 'card-one' });
      const e = await player(sql, 'link-e');
      const f = await player(sql, 'link-f', { address: '203.0.113.2', email: 'f@example.org' });
      const g = await player(sql, 'link-g', { address: '203.0.113.3' });
      await passLand(sql, d, e, 'gift', 0);
      // A fair sale links nobody; one at a quarter of the price does.
      await passLand(sql, f, g, 'purchase', 1);
      await passLand(sql, f, g, 'purchase', 0.6);
      const stranger = await player(sql, 'link-h', { address: '203.0.113.4' });
      const market = await passLand(sql, g, stranger, 'purchase', 0.25);

      expect(await linkBetween(sql, a, b)).toEqual({
        reason: LINK_REASONS.address,
        evidence: [{ signal: 'address', detail: 'network 203.0.113.1', users: [a, b].sort() }],
      });
      expect((await linkBetween(sql, a, c))?.reason).toBe(LINK_REASONS.email);
      expect((await linkBetween(sql, d, c))?.reason).toBe(LINK_REASONS.card);
      expect(await linkBetween(sql, e, d)).toMatchObject({ reason: LINK_REASONS.land, evidence: [{ signal: 'land', users: [d, e] }] });
      expect(await linkBetween(sql, f, g)).toBeNull();
      expect((await linkBetween(sql, g, stranger))?.evidence[0].detail).toContain(
        `sold for ${Math.round(market * 0.25)} DRK (its price ${market} DRK)`,
      );
      expect(await linkBetween(sql, a, WANAKT_USER_ID)).toBeNull();

      // b reaches e through a (network), c (mailbox) and d (card, then the gift): four links in a chain.
      const chain = await linkBetween(sql, b, e);
      expect(chain?.reason).toBe(LINKED_THROUGH);
      expect(chain?.evidence.map((link) => link.signal)).toEqual(['address', 'email', 'card', 'land']);

      // A rent payment between linked accounts is marked with why; one between strangers is not.
      const [territory] = await sql<{ id: number }[]>`select id from territories where type = 'village' order by id limit 1`;
      const rents = await sql<{ id: number }[]>`
        insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date, paid_at)
        values ('2031-H1', ${territory.id}, ${a}, ${b}, 'rent', 5, now(), now()), ('2031-H2', ${territory.id}, ${a}, ${stranger}, 'rent', 5, now(), now())
        returning id`;
      const marks = await inTransaction(sql, async (tx) => [await markRent(tx, rents[0].id), await markRent(tx, rents[1].id)]);
      expect(marks.map((link) => link?.reason ?? null)).toEqual([LINK_REASONS.address, null]);
      const stored = await sql<
        { linked: string | null }[]
      >`select linked from rent_payments where id in ${sql(rents.map((rent) => rent.id))} order by id`;
      expect(stored.map((row) => row.linked)).toEqual([LINK_REASONS.address, null]);

      const found = await clusters(sql);
      expect(found.map((cluster) => cluster.members)).toEqual([[a, b, c, d, e].sort(), [g, stranger].sort()]);
      expect(found[0].evidence.map((link) => link.signal).sort()).toEqual(['address', 'card', 'email', 'land']);
    });
  });
}
