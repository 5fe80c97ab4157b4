import { ReceiptToken, type AdReceiptDto } from '../../../schema/api/ads.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { linkTokenHash } from '../../infra/link-token.ts';
import { notFound } from '../../errors.ts';
import { adAddressConfirmed } from '../mail/advertiser-address.ts';
import { AD_SELECT, toAdDto, type AdRow } from './ad-rows.ts';

// docs/rules.md §4 "Advertise flow": the advertiser has no account; the receipt link is the key to
// the ad's figures (infra/link-token.ts). The checkout answers one link and the receipt mail carries
// another, made when the payment succeeds; either opens the receipt. It says whether the address is
// confirmed: until it is, the news it shows is mailed to nobody (docs/rules.md §11 "Mail").

const UNKNOWN_RECEIPT = 'Unknown receipt';

export { newLinkToken as newReceiptToken, linkTokenHash as receiptTokenHash } from '../../infra/link-token.ts';

/** The ad behind a receipt link, as its advertiser sees it; a malformed or unknown token is the same 404. */
export async function readReceipt(sql: Queryable, token: string): Promise<AdReceiptDto> {
  if (!ReceiptToken.safeParse(token).success) throw notFound(UNKNOWN_RECEIPT);
  const [row] = await sql<
    AdRow[]
  >`${sql.unsafe(AD_SELECT)} where a.receipt_token_hash = ${linkTokenHash(token)} or a.mail_token_hash = ${linkTokenHash(token)}`;
  if (!row) throw notFound(UNKNOWN_RECEIPT);
  const confirmed =
    row.advertiser_email === null
      ? null
      : (await sql<{ confirmed: boolean }[]>`select ${adAddressConfirmed(sql)} as confirmed from ads a where a.id = ${row.id}`)[0]
          .confirmed;
  const ad = toAdDto(row);
  return {
    title: ad.title,
    content: ad.content,
    click_url: ad.click_url,
    territory_name: row.territory_name,
    region: ad.region,
    status: ad.status,
    impressions: ad.impressions,
    impressions_wanted: ad.impressions_wanted,
    clicks: ad.clicks,
    total_cost: row.total_cost_cents === null ? null : row.total_cost_cents / 100,
    created_at: row.created_at.toISOString(),
    address_confirmed: confirmed,
  };
}
