import type { AdDto, AdReviewDto, AdStatus } from '../../../schema/api/ads.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { InsufficientBalanceError, transfer } from '../economy/ledger.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { adReviewed, dollarText, drkText } from '../../../schema/rules/notifications.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { AD_SELECT, readAd, toAdDto, toReviewDto, type AdRow } from './ad-rows.ts';

// An ad's life, as built:
//   card-paid:  pending_payment --paid--> in_review --approve--> active --delivered--> completed
//                                              \--reject--> rejected --refund--> refunded
//   DRK banner: (paid at creation)  in_review, then the same.

export async function listAdsInReview(sql: Queryable): Promise<AdReviewDto[]> {
  const rows = await sql<AdRow[]>`${sql.unsafe(AD_SELECT)} where a.status = 'in_review' order by a.created_at, a.id`;
  return rows.map(toReviewDto);
}

export async function listActiveAds(sql: Queryable): Promise<AdDto[]> {
  const rows = await sql<AdRow[]>`${sql.unsafe(AD_SELECT)} where a.status = 'active' order by a.id`;
  return rows.map(toAdDto);
}

const STATUS_WORDS: Record<AdStatus, string> = {
  pending_payment: 'still waiting for its payment',
  in_review: 'in review',
  active: 'already active',
  completed: 'already completed',
  rejected: 'already rejected',
  refunded: 'already rejected and refunded',
};

interface LockedAd {
  status: AdStatus;
  title: string;
  payment_id: string | null;
  buyer_user_id: string | null;
  cost_drk: string | null;
  total_cost_cents: number | null;
}

async function lockAd(tx: Tx, id: number): Promise<LockedAd> {
  const [ad] = await tx<LockedAd[]>`
    select status, title, payment_id, buyer_user_id, cost_drk::text, total_cost_cents from ads where id = ${id} for no key update`;
  if (!ad) throw notFound('Ad not found');
  return ad;
}

/**
 * The Wanakt lets an ad run: it enters the banner rotation and its territory's visit popup. Answers
 * the ad and its buyer's notice, for the command to announce.
 */
export async function approveAd(
  { tx, now }: Work,
  reviewer: { id: string },
  id: number,
): Promise<{ review: AdReviewDto; notices: StoredNotice[] }> {
  const ad = await lockAd(tx, id);
  if (ad.status !== 'in_review') throw conflict(`This ad is ${STATUS_WORDS[ad.status]}; only an ad in review can be approved`);
  await tx`update ads set status = 'active', reviewed_at = ${now} where id = ${id}`;
  await recordAudit(tx, { actorId: reviewer.id, action: 'ad_approve', subject: ad.title, details: { adId: id }, at: now });
  const notices = await notify(tx, ad.buyer_user_id ? [adReviewed(ad.buyer_user_id, ad.title, true, null)] : [], now);
  return { review: toReviewDto((await readAd(tx, id))!), notices };
}

/** What a rejection needs to refund: the card payment, if the ad was paid by card. */
export interface Rejected {
  paymentId: string | null;
}

/**
 * The Wanakt turns an ad down: step one, recorded before any refund, so if the provider cannot be
 * reached the ad stays 'rejected' and rejecting it again retries the refund (which the provider
 * pays once).
 */
export async function markAdRejected({ tx, now }: Work, reviewer: { id: string }, id: number): Promise<Rejected> {
  const locked = await lockAd(tx, id);
  if (locked.status === 'in_review') {
    await tx`update ads set status = 'rejected', reviewed_at = ${now} where id = ${id}`;
    await recordAudit(tx, { actorId: reviewer.id, action: 'ad_reject', subject: locked.title, details: { adId: id }, at: now });
  } else if (locked.status !== 'rejected') {
    throw conflict(`This ad is ${STATUS_WORDS[locked.status]}; only an ad in review can be rejected`);
  }
  return { paymentId: locked.payment_id };
}

/**
 * Step two, after the card refund (`refundId`) or for an ad paid in DRK: the ad is refunded and its
 * buyer told. Answers whose balances changed (a DRK refund from the treasury) and the buyer's notice,
 * for the command to announce.
 */
export async function refundRejectedAd(
  { tx, now }: Work,
  id: number,
  refundId: string | null,
): Promise<{ paidBack: string[]; notices: StoredNotice[] }> {
  const ad = await lockAd(tx, id);
  if (ad.status !== 'rejected') return { paidBack: [], notices: [] };
  await tx`update ads set status = 'refunded' where id = ${id}`;
  if (ad.payment_id) {
    await tx`
      update payments set status = 'refunded', refund_id = ${refundId}, failure_message = 'The ad was rejected in review',
             updated_at = ${now}
       where id = ${ad.payment_id} and status = 'succeeded'`;
    const notices = await notify(
      tx,
      ad.buyer_user_id ? [adReviewed(ad.buyer_user_id, ad.title, false, ad.total_cost_cents ? dollarText(ad.total_cost_cents) : null)] : [],
      now,
    );
    return { paidBack: [], notices };
  }
  const drk = Number(ad.cost_drk ?? 0);
  if (drk === 0 || !ad.buyer_user_id) {
    const notices = await notify(tx, ad.buyer_user_id ? [adReviewed(ad.buyer_user_id, ad.title, false, null)] : [], now);
    return { paidBack: [], notices };
  }
  try {
    await transfer(tx, WANAKT_USER_ID, ad.buyer_user_id, { amount: drk, reason: 'refund', reference: `ad-${id}` });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw conflict(`The treasury cannot refund this banner now: ${error.message}`);
    throw error;
  }
  const notices = await notify(tx, [adReviewed(ad.buyer_user_id, ad.title, false, drkText(drk))], now);
  return { paidBack: [ad.buyer_user_id, WANAKT_USER_ID], notices };
}
