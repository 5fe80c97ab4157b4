import { createHash, randomBytes } from 'node:crypto';
import { ReceiptToken, type AdReceiptDto } from '../../../schema/api/ads.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';
import { AD_SELECT, toAdDto, type AdRow } from './ad-rows.ts';

// docs/rules.md §4 "Advertise flow": the advertiser has no account; the receipt link is the key to
// the ad's figures. The token is 256 random bits; only its SHA-256 is stored, so a copy of the
// table opens no receipt.

const UNKNOWN_RECEIPT = 'Unknown receipt';

export function newReceiptToken(): string {
  return randomBytes(32).toString('base64url');
}

export function receiptTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The ad behind a receipt link, as its advertiser sees it; a malformed or unknown token is the same 404. */
export async function readReceipt(sql: Queryable, token: string): Promise<AdReceiptDto> {
  if (!ReceiptToken.safeParse(token).success) throw notFound(UNKNOWN_RECEIPT);
  const [row] = await sql<AdRow[]>`${sql.unsafe(AD_SELECT)} where a.receipt_token_hash = ${receiptTokenHash(token)}`;
  if (!row) throw notFound(UNKNOWN_RECEIPT);
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
  };
}
