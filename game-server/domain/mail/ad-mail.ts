import { AD_MAX_RUN_DAYS, AD_REVIEW_HOURS, runEnd } from '../../../schema/rules/ad-promises.ts';
import type postgres from 'postgres';
import type { Tx } from '../../infra/db/database.ts';
import { linkTokenHash, newLinkToken } from '../../infra/link-token.ts';
import type { Work } from '../service-deps.ts';
import { adAddressConfirmed } from './advertiser-address.ts';
import { queueMail } from './queue.ts';
import type { Refund } from './templates.ts';

// The advertiser's mail (docs/rules.md §4 "Advertise flow"): a receipt when the payment succeeds, a
// daily report while the ad runs, a final report when it ends and a notice of any refund. A card
// ad's mail goes to the address given at checkout; a DRK banner's to its player's address, if
// confirmed. Each is queued in the transaction of what causes it. Until a card ad's address is
// confirmed it is sent the receipt alone, with the link that confirms it (docs/rules.md §11 "Mail",
// "An advertiser's address"): anyone can type a stranger's address at checkout.

interface AdForMail {
  id: number;
  title: string;
  territory: string | null;
  wanted: number;
  delivered: number;
  clicks: number;
  amount_cents: number | null;
  to_address: string | null;
  confirmed: boolean;
  reviewed_at: Date | null;
}

async function adsForMail(tx: Tx, where: postgres.Fragment): Promise<AdForMail[]> {
  return tx<AdForMail[]>`
    select a.id, a.title, t.name as territory, a.impressions_wanted as wanted, a.impressions_delivered as delivered, a.clicks,
           a.total_cost_cents as amount_cents, a.reviewed_at,
           coalesce(a.advertiser_email, case when u.email_verified_at is not null then u.email end) as to_address,
           ${adAddressConfirmed(tx)} as confirmed
      from ads a
      left join territories t on t.id = a.territory_id
      left join users u on u.id = a.buyer_user_id
     where ${where}
     order by a.id`;
}

/** Where every mail but the receipt goes: nowhere until the address is confirmed. */
const confirmedAddress = (ad: AdForMail | undefined): string | null => (ad?.confirmed ? ad.to_address : null);

/**
 * The receipt of a card-paid ad, with a status link of its own and, to an address not yet confirmed,
 * the link that confirms it (only their hashes are kept on the ad).
 */
export async function queueAdReceipt(tx: Tx, adId: number, now: Date): Promise<void> {
  const token = newLinkToken();
  await tx`update ads set mail_token_hash = ${linkTokenHash(token)} where id = ${adId}`;
  const [ad] = await adsForMail(tx, tx`a.id = ${adId}`);
  if (!ad?.to_address) return;
  const confirmToken = ad.confirmed ? undefined : newLinkToken();
  if (confirmToken) await tx`update ads set address_token_hash = ${linkTokenHash(confirmToken)} where id = ${adId}`;
  await queueMail(
    tx,
    [
      {
        kind: 'ad_receipt',
        to: ad.to_address,
        adId,
        data: {
          title: ad.title,
          territory: ad.territory ?? '',
          impressions: ad.wanted,
          amountCents: ad.amount_cents ?? 0,
          token,
          confirmToken,
          maxDays: AD_MAX_RUN_DAYS,
        },
      },
    ],
    now,
  );
}

/** The final report of an ad whose run ended, with what was refunded for impressions not delivered. */
export async function queueAdFinal(tx: Tx, adId: number, now: Date, why: 'delivered' | 'expired', refund: Refund | null): Promise<void> {
  const [ad] = await adsForMail(tx, tx`a.id = ${adId}`);
  const to = confirmedAddress(ad);
  if (!to) return;
  await queueMail(
    tx,
    [
      {
        kind: 'ad_final',
        to,
        adId,
        data: { title: ad.title, territory: ad.territory, delivered: ad.delivered, wanted: ad.wanted, clicks: ad.clicks, why, refund },
        onceKey: `ad-final:${adId}`,
      },
    ],
    now,
  );
}

/** The notice of a refund in full: the ad was rejected, or not reviewed in time. */
export async function queueAdRefund(tx: Tx, adId: number, now: Date, why: 'rejected' | 'unreviewed', refund: Refund): Promise<void> {
  const [ad] = await adsForMail(tx, tx`a.id = ${adId}`);
  const to = confirmedAddress(ad);
  if (!to) return;
  await queueMail(
    tx,
    [
      {
        kind: 'ad_refund',
        to,
        adId,
        data: { title: ad.title, territory: ad.territory, refund, why, hours: AD_REVIEW_HOURS },
        onceKey: `ad-refund:${adId}`,
      },
    ],
    now,
  );
}

/**
 * The daily report of every running ad whose advertiser has not stopped it, once per ad and UTC day
 * whichever process runs the job. Answers how many were queued.
 */
export async function queueAdReports({ tx, now }: Work): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const ads = await adsForMail(tx, tx`a.status = 'active' and not a.report_mail_off`);
  return queueMail(
    tx,
    ads.flatMap((ad) => {
      const to = confirmedAddress(ad);
      if (!to) return [];
      return [
        {
          kind: 'ad_report' as const,
          to,
          adId: ad.id,
          data: {
            title: ad.title,
            territory: ad.territory,
            delivered: ad.delivered,
            wanted: ad.wanted,
            clicks: ad.clicks,
            day,
            endsBy: runEnd(ad.reviewed_at ?? now).toISOString(),
          },
          stopKind: 'ad_report' as const,
          onceKey: `ad-report:${ad.id}:${day}`,
        },
      ];
    }),
    now,
  );
}
