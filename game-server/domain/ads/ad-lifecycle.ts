import type { AdDto, AdReviewDto, AdStatus } from '../../../schema/api/ads.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { InsufficientBalanceError, transfer } from '../economy/ledger.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { adEnded, adReviewed, adUnreviewed, dollarText, drkText } from '../../../schema/rules/notifications.ts';
import { AD_MAX_RUN_DAYS, AD_REVIEW_HOURS, reviewDeadline, runEnd, undeliveredRefund } from '../../../schema/rules/ad-promises.ts';
import { queueAdFinal, queueAdRefund } from '../mail/ad-mail.ts';
import type { Refund } from '../mail/templates.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { AD_SELECT, readAd, toAdDto, toReviewDto, type AdRow } from './ad-rows.ts';

// An ad's life, as built (docs/rules.md §4 "Advertise flow"):
//   card-paid:  pending_payment --paid--> in_review --approve--> active --delivered or 30 days--> completed
//                                              \--reject, or 24 h unreviewed--> rejected --refund--> refunded
//   DRK banner: (paid at creation)  in_review, then the same.
// A run that ends short refunds the undelivered share; every refund and ending is mailed to the advertiser.

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
  paid_at: Date;
  reviewed_at: Date | null;
  impressions_wanted: number;
  impressions_delivered: number;
  refund_reason: 'rejected' | 'unreviewed' | 'undelivered' | null;
  refund_cents: number | null;
  refunded_at: Date | null;
}

async function lockAd(tx: Tx, id: number): Promise<LockedAd> {
  const [ad] = await tx<LockedAd[]>`
    select status, title, payment_id, buyer_user_id, cost_drk::text, total_cost_cents, coalesce(paid_at, created_at) as paid_at, reviewed_at,
           impressions_wanted, impressions_delivered, refund_reason, refund_cents, refunded_at
      from ads where id = ${id} for no key update`;
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
    await tx`update ads set status = 'rejected', reviewed_at = ${now}, refund_reason = 'rejected' where id = ${id}`;
    await recordAudit(tx, { actorId: reviewer.id, action: 'ad_reject', subject: locked.title, details: { adId: id }, at: now });
  } else if (locked.status !== 'rejected') {
    throw conflict(`This ad is ${STATUS_WORDS[locked.status]}; only an ad in review can be rejected`);
  }
  return { paymentId: locked.payment_id };
}

/**
 * docs/rules.md §4 "Advertise flow": an ad still in review 24 hours after its payment (the game's
 * clock) is given back in full. Step one, as for a rejection: the ad is marked, then its card payment
 * is refunded and step two records it. Answers null when the ad is not (or no longer) due; an ad
 * marked earlier whose refund did not go through yet is answered again, so the job retries it.
 */
export async function markAdUnreviewed({ tx, now }: Work, id: number): Promise<Rejected | null> {
  const ad = await lockAd(tx, id);
  if (ad.status === 'rejected' && ad.refund_reason === 'unreviewed') return { paymentId: ad.payment_id };
  if (ad.status !== 'in_review' || reviewDeadline(ad.paid_at) > now) return null;
  await tx`update ads set status = 'rejected', refund_reason = 'unreviewed' where id = ${id}`;
  return { paymentId: ad.payment_id };
}

/** Ads whose review is overdue, or whose refund for that is still to be made: what the review-deadline job walks. */
export async function unreviewedAdsDue(sql: Queryable, now: Date): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from ads
     where (status = 'in_review' and coalesce(paid_at, created_at) <= ${new Date(now.getTime() - AD_REVIEW_HOURS * 3_600_000)})
        or (status = 'rejected' and refund_reason = 'unreviewed')
     order by id`;
  return rows.map((row) => row.id);
}

const REFUND_WORDS = { rejected: 'The ad was rejected in review', unreviewed: `The ad was not reviewed within ${AD_REVIEW_HOURS} hours` };

/**
 * Step two of a refund in full, after the card refund (`refundId`) or for an ad paid in DRK: the ad
 * is refunded, its payment says so, its buyer is told and mailed. Answers whose balances changed (a
 * DRK refund from the treasury) and the buyer's notice, for the command or job to announce.
 */
export async function refundRejectedAd(
  { tx, now }: Work,
  id: number,
  refundId: string | null,
): Promise<{ paidBack: string[]; notices: StoredNotice[] }> {
  const ad = await lockAd(tx, id);
  if (ad.status !== 'rejected') return { paidBack: [], notices: [] };
  const why = ad.refund_reason === 'unreviewed' ? 'unreviewed' : 'rejected';
  if (ad.payment_id) {
    const cents = ad.total_cost_cents ?? 0;
    await tx`update ads set status = 'refunded', refund_cents = ${cents}, refunded_at = ${now} where id = ${id}`;
    await tx`
      update payments set status = 'refunded', refund_id = ${refundId}, refunded_cents = amount_cents, failure_message = ${REFUND_WORDS[why]},
             updated_at = ${now}
       where id = ${ad.payment_id} and status = 'succeeded'`;
    await queueAdRefund(tx, id, now, why, { cents });
    const notices = await notify(
      tx,
      ad.buyer_user_id ? [refundNotice(ad.buyer_user_id, ad.title, why, cents ? dollarText(cents) : null)] : [],
      now,
    );
    return { paidBack: [], notices };
  }
  const drk = Number(ad.cost_drk ?? 0);
  await tx`update ads set status = 'refunded', refund_drk = ${drk}, refunded_at = ${now} where id = ${id}`;
  if (drk === 0 || !ad.buyer_user_id) {
    const notices = await notify(tx, ad.buyer_user_id ? [refundNotice(ad.buyer_user_id, ad.title, why, null)] : [], now);
    return { paidBack: [], notices };
  }
  try {
    await transfer(tx, WANAKT_USER_ID, ad.buyer_user_id, { amount: drk, reason: 'refund', reference: `ad-${id}` }, now);
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw conflict(`The treasury cannot refund this banner now: ${error.message}`);
    throw error;
  }
  await queueAdRefund(tx, id, now, why, { drk });
  const notices = await notify(tx, [refundNotice(ad.buyer_user_id, ad.title, why, drkText(drk))], now);
  return { paidBack: [ad.buyer_user_id, WANAKT_USER_ID], notices };
}

const refundText = (refund: Refund) => ('cents' in refund ? dollarText(refund.cents) : drkText(refund.drk));

const refundNotice = (buyerId: string, title: string, why: 'rejected' | 'unreviewed', refund: string | null) =>
  why === 'rejected' ? adReviewed(buyerId, title, false, refund) : adUnreviewed(buyerId, title, AD_REVIEW_HOURS, refund);

/** What ending a run leaves to do: a card refund of the undelivered share, to be asked of the provider. */
export interface RunEnded {
  /** Whose balances changed (a DRK banner's refund), for the job to announce. */
  paidBack: string[];
  /** A card refund still to be made, then recorded by recordUndeliveredRefund. */
  cardRefund: { paymentId: string; cents: number } | null;
  /** The buyer's notice that the run ended, for the job to announce. */
  notices: StoredNotice[];
}

/** Running ads whose 30 days are over, and ended ones whose card refund is still to be made: what the run-end job walks. */
export async function endedAdsDue(sql: Queryable, now: Date): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from ads
     where (status = 'active' and reviewed_at <= ${new Date(now.getTime() - AD_MAX_RUN_DAYS * 86_400_000)})
        or (refund_reason = 'undelivered' and refunded_at is null)
     order by id`;
  return rows.map((row) => row.id);
}

/**
 * docs/rules.md §4 "Advertise flow": an ad runs at most 30 days from its approval (the game's
 * clock). One that ends without its impressions delivered gives back price × undelivered ÷ wanted,
 * rounded down to the cent (or the DRK); a DRK banner's refund is a ledger line from the treasury
 * here, a card's is made by the provider and recorded by recordUndeliveredRefund, which mails the
 * final report with it. An ended ad whose card refund is still to be made is answered again.
 */
export async function endAdRun({ tx, now }: Work, id: number): Promise<RunEnded> {
  const ad = await lockAd(tx, id);
  if (ad.refund_reason === 'undelivered' && ad.refunded_at === null && ad.payment_id)
    return { paidBack: [], cardRefund: { paymentId: ad.payment_id, cents: ad.refund_cents ?? 0 }, notices: [] };
  if (ad.status !== 'active' || ad.reviewed_at === null || runEnd(ad.reviewed_at) > now)
    return { paidBack: [], cardRefund: null, notices: [] };
  const price = ad.payment_id ? (ad.total_cost_cents ?? 0) : Number(ad.cost_drk ?? 0);
  const refund = undeliveredRefund(price, ad.impressions_wanted, ad.impressions_delivered);
  await tx`
    update ads set status = 'completed', ended_at = ${now}, end_reason = 'expired',
           refund_reason = ${refund > 0 ? 'undelivered' : null},
           refund_cents = ${ad.payment_id ? refund : null}, refund_drk = ${ad.payment_id ? null : refund}
     where id = ${id}`;
  if (ad.payment_id && refund > 0) return { paidBack: [], cardRefund: { paymentId: ad.payment_id, cents: refund }, notices: [] };
  const paidBack: string[] = [];
  if (refund > 0 && ad.buyer_user_id) {
    try {
      await transfer(tx, WANAKT_USER_ID, ad.buyer_user_id, { amount: refund, reason: 'refund', reference: `ad-${id}` }, now);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw conflict(`The treasury cannot refund this banner now: ${error.message}`);
      throw error;
    }
    await tx`update ads set refunded_at = ${now} where id = ${id}`;
    paidBack.push(ad.buyer_user_id, WANAKT_USER_ID);
  }
  const refunded = refund > 0 ? (ad.payment_id ? { cents: refund } : { drk: refund }) : null;
  await queueAdFinal(tx, id, now, 'expired', refunded);
  const notices = ad.buyer_user_id
    ? await notify(
        tx,
        [adEnded(ad.buyer_user_id, ad.title, ad.impressions_delivered, ad.impressions_wanted, refunded ? refundText(refunded) : null)],
        now,
      )
    : [];
  return { paidBack, cardRefund: null, notices };
}

/** After the provider refunded the undelivered share (`refundId`): the payment, the ad and the final report say the same. */
export async function recordUndeliveredRefund({ tx, now }: Work, id: number, refundId: string): Promise<void> {
  const ad = await lockAd(tx, id);
  if (ad.refund_reason !== 'undelivered' || ad.refunded_at !== null || !ad.payment_id) return;
  const cents = ad.refund_cents ?? 0;
  await tx`update ads set refunded_at = ${now} where id = ${id}`;
  await tx`
    update payments set refund_id = ${refundId}, refunded_cents = ${cents},
           failure_message = ${`${dollarText(cents)} refunded for impressions not delivered`}, updated_at = ${now}
     where id = ${ad.payment_id}`;
  await queueAdFinal(tx, id, now, 'expired', { cents });
}
