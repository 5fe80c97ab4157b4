import type postgres from 'postgres';
import type { AdAddressConfirmedDto } from '../../../schema/api/ads.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { linkTokenHash } from '../../infra/link-token.ts';
import { notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

// docs/rules.md §11 "Mail", "An advertiser's address": anyone may type any address at checkout, so
// until the address is confirmed it is sent the receipt alone, whose link confirms it. Confirmed
// once, it stays confirmed for every later ad bought with it (advertiser_addresses).

const INVALID_LINK = 'This confirmation link is not valid';

/**
 * Whether the mail of the ad aliased `a` may go to its address: a card ad's address once confirmed;
 * a DRK banner's player address is only ever mailed once its account confirmed it.
 */
export const adAddressConfirmed = (sql: Queryable): postgres.Fragment =>
  sql`(a.advertiser_email is null or exists (select 1 from advertiser_addresses c where c.address = lower(a.advertiser_email)))`;

/**
 * The receipt mail's confirmation link, followed: the ad's address is confirmed. Following it again
 * answers the same (a second click, another device); any other token changes nothing.
 */
export async function confirmAdAddress({ tx, now }: Work, token: string): Promise<AdAddressConfirmedDto> {
  const [ad] = await tx<{ email: string | null }[]>`
    select advertiser_email as email from ads where address_token_hash = ${linkTokenHash(token)}`;
  if (!ad?.email) throw notFound(INVALID_LINK);
  await tx`
    insert into advertiser_addresses (address, confirmed_at) values (${ad.email.toLowerCase()}, ${now})
    on conflict (address) do nothing`;
  return { email: ad.email };
}
