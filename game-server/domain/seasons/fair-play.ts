import type { Queryable } from '../../infra/db/database.ts';
import { addressKey } from '../../infra/limits/address-key.ts';

// docs/rules.md §10 "Fair play": a season's tasks count real play only. Two accounts that share a
// network (an IPv4 address, or an IPv6 /64, as addressKey counts addresses for every limit) or a
// payment card are taken to be one person's, so what passes between them counts for neither.

export const NOT_VERIFIED =
  'Your account had no verified e-mail address that day: add and verify one on the account page, and your days of play count from then.';
export const SHARED_ADDRESS = 'The other player has logged in from your network: trades and rent between accounts on one network do not count.';
export const SHARED_CARD = 'The other player has paid with a card you paid with: trades and rent between accounts on one card do not count.';
export const PAID_LATE = 'This rent was paid after its due date.';

/** Whether the account has a verified e-mail address (migration 0035's column). */
export async function hasVerifiedEmail(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx<{ verified: boolean }[]>`select email_verified_at is not null as verified from users where id = ${userId}`;
  return row?.verified ?? false;
}

/**
 * Why two accounts count as one person's, or null when they do not: a network either logged in
 * from (every address each ever logged in or registered from is kept), or a card both paid with.
 */
export async function sharedBetween(tx: Queryable, a: string, b: string): Promise<string | null> {
  const addresses = await tx<{ user_id: string; address: string }[]>`
    select user_id, address from login_addresses where user_id in ${tx([a, b])}`;
  const networksOf = (user: string) => new Set(addresses.filter((row) => row.user_id === user).map((row) => addressKey(row.address)));
  const theirs = networksOf(b);
  if ([...networksOf(a)].some((network) => theirs.has(network))) return SHARED_ADDRESS;
  const [card] = await tx`
    select 1 from payments mine join payments other on other.card_fingerprint = mine.card_fingerprint
     where mine.user_id = ${a} and other.user_id = ${b} limit 1`;
  return card ? SHARED_CARD : null;
}
