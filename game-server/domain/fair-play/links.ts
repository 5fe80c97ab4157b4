import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { clusterEvidence, farFromMarket, type LinkEvidence, type LinkSignal } from '../../../schema/rules/fair-play.ts';
import type { Queryable } from '../../infra/db/database.ts';

// docs/rules.md §10 "Fair play": the one rule by which two accounts count as one person's, for
// every reward or price that depends on players being different people. Accounts are linked by a
// network either logged in or registered from (an IPv4 address or an IPv6 /64, as every limit
// counts addresses), a payment card (the provider's fingerprint), a confirmed e-mail that is one
// mailbox however it is written, or land passed between them as a gift or far from its price;
// links chain, so a cluster is everyone a chain of evidence reaches.

/** Why two accounts count as one person's, as the player is told, by the signal that links them directly. */
export const LINK_REASONS: Record<LinkSignal, string> = {
  address: 'The other player has logged in from your network: what passes between accounts on one network does not count.',
  card: 'The other player has paid with a card you paid with: what passes between accounts on one card does not count.',
  email:
    'The other player confirmed the same mailbox as you, written another way: what passes between accounts of one mailbox does not count.',
  land: 'Land passed between you and the other player as a gift or far from its price: what passes between such accounts does not count.',
};
/** Why, when the accounts are linked only through others: the others are not named to the player. */
export const LINKED_THROUGH =
  'The other player is linked to your account through other accounts (a network, a card, a mailbox or land passed between them): what passes between linked accounts does not count.';

/** Two accounts linked: why, in the player's words, and the chain of evidence from the first to the second. */
export interface Link {
  reason: string;
  evidence: LinkEvidence[];
}

export interface Cluster {
  members: string[];
  evidence: LinkEvidence[];
}

/** Every account in `users` and the rest of the cluster around them, or everyone when `users` is null. */
type Around = readonly string[] | null;

async function sharedNetworks(tx: Queryable, around: Around): Promise<LinkEvidence[]> {
  const rows = await tx<{ detail: string; users: string[] }[]>`
    select network_of(address) as detail, array_agg(distinct user_id order by user_id) as users
      from login_addresses
     where user_id <> ${WANAKT_USER_ID}
       ${around ? tx`and network_of(address) in (select network_of(address) from login_addresses where user_id in ${tx(around)})` : tx``}
     group by 1 having count(distinct user_id) > 1`;
  return rows.map((row) => ({ signal: 'address', detail: `network ${row.detail}`, users: row.users }));
}

async function sharedCards(tx: Queryable, around: Around): Promise<LinkEvidence[]> {
  const rows = await tx<{ detail: string; users: string[] }[]>`
    select card_fingerprint as detail, array_agg(distinct user_id order by user_id) as users
      from payments
     where card_fingerprint is not null and user_id <> ${WANAKT_USER_ID}
       ${around ? tx`and card_fingerprint in (select card_fingerprint from payments where user_id in ${tx(around)})` : tx``}
     group by 1 having count(distinct user_id) > 1`;
  return rows.map((row) => ({ signal: 'card', detail: `card ${row.detail}`, users: row.users }));
}

async function sharedMailboxes(tx: Queryable, around: Around): Promise<LinkEvidence[]> {
  const rows = await tx<{ detail: string; users: string[] }[]>`
    select email_key(email) as detail, array_agg(id order by id) as users
      from users
     where email_verified_at is not null and id <> ${WANAKT_USER_ID}
       ${around ? tx`and email_key(email) in (select email_key(email) from users where email_verified_at is not null and id in ${tx(around)})` : tx``}
     group by 1 having count(*) > 1`;
  return rows.map((row) => ({ signal: 'email', detail: `mailbox ${row.detail}`, users: row.users }));
}

async function landPassed(tx: Queryable, around: Around): Promise<LinkEvidence[]> {
  const rows = await tx<{ from_id: string; to_id: string; reason: string; price: string; market: string; name: string; at: Date }[]>`
    select c.from_owner_id as from_id, c.to_owner_id as to_id, c.reason, c.price::text, t.price::text as market, t.name, c.created_at as at
      from ownership_changes c join territories t on t.id = c.territory_id
     where c.reason in ('gift', 'purchase') and c.from_owner_id <> c.to_owner_id
       and c.from_owner_id <> ${WANAKT_USER_ID} and c.to_owner_id <> ${WANAKT_USER_ID}
       ${around ? tx`and (c.from_owner_id in ${tx(around)} or c.to_owner_id in ${tx(around)})` : tx``}
     order by c.id`;
  return rows
    .filter((row) => row.reason === 'gift' || farFromMarket(Number(row.price), Number(row.market)))
    .map((row) => landEvidence({ ...row, price: Number(row.price), market: Number(row.market) }));
}

/** Land that passed between two accounts as a gift or far from its price, as the evidence names it. */
export function landEvidence(passage: {
  from_id: string;
  to_id: string;
  reason: string;
  price: number;
  market: number;
  name: string;
  at: Date;
}): LinkEvidence {
  const day = passage.at.toISOString().slice(0, 10);
  return {
    signal: 'land',
    detail:
      passage.reason === 'gift'
        ? `${passage.name} given on ${day}`
        : `${passage.name} sold for ${passage.price} DRK (its price ${passage.market} DRK) on ${day}`,
    users: [passage.from_id, passage.to_id],
  };
}

/** The evidence touching these accounts (or all of it), every signal read in its own statement. */
async function evidenceAround(tx: Queryable, around: Around): Promise<LinkEvidence[]> {
  const found = [
    await sharedNetworks(tx, around),
    await sharedCards(tx, around),
    await sharedMailboxes(tx, around),
    await landPassed(tx, around),
  ];
  return found.flat();
}

/**
 * Whether `a` and `b` count as one person's, and why: walks out from `a` one ring of evidence at a
 * time (only as far as a's own cluster reaches), and answers the shortest chain that reaches `b`.
 */
export async function linkBetween(tx: Queryable, a: string, b: string): Promise<Link | null> {
  if (a === b || a === WANAKT_USER_ID || b === WANAKT_USER_ID) return null;
  const reachedBy = new Map<string, { from: string; evidence: LinkEvidence } | null>([[a, null]]);
  let ring = [a];
  while (ring.length > 0 && !reachedBy.has(b)) {
    const next: string[] = [];
    for (const evidence of await evidenceAround(tx, ring))
      for (const from of evidence.users.filter((user) => reachedBy.has(user) && ring.includes(user)))
        for (const user of evidence.users.filter((other) => !reachedBy.has(other))) {
          reachedBy.set(user, { from, evidence });
          next.push(user);
        }
    ring = next;
  }
  if (!reachedBy.has(b)) return null;
  const chain: LinkEvidence[] = [];
  for (let step = reachedBy.get(b); step; step = reachedBy.get(step.from)) chain.unshift(step.evidence);
  return { reason: chain.length === 1 ? LINK_REASONS[chain[0].signal] : LINKED_THROUGH, evidence: chain };
}

/** Every cluster of two or more linked accounts, with the evidence that links them, largest first. */
export async function clusters(tx: Queryable): Promise<Cluster[]> {
  return clusterEvidence(await evidenceAround(tx, null));
}
