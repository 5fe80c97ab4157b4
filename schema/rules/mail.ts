import type { NoticeDraft } from './notifications.ts';

// docs/rules.md §11 "Mail": the kinds of mail, and which notices are also mailed at once, by the
// player's preferences.

/**
 * The kinds of mail a person can stop (docs/rules.md §11 "Mail"): the digest, each instant alert,
 * and an ad's daily report. Receipts, address checks and refund notices are not among them: they
 * are always sent.
 */
export const MAIL_STOP_KINDS = ['digest', 'sale', 'listing_bought', 'rent_received', 'mention', 'alliance', 'ad_report'] as const;
export type MailStopKind = (typeof MAIL_STOP_KINDS)[number];

/** What each kind is called on the account page and in the mail that stops it. */
export const MAIL_STOP_KIND_NAMES: Record<MailStopKind, string> = {
  digest: 'the digest of what happened while you were away',
  sale: 'mail when a purchase of yours goes through or an owner counters your offer',
  listing_bought: 'mail when someone buys land you listed or makes an offer on your land',
  rent_received: 'mail when you receive rent above your threshold',
  mention: 'mail when someone mentions you in a chat',
  alliance: 'mail when your alliance invites, accepts, removes or pays you',
  ad_report: "this ad's daily report",
};

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The instant alerts a player chose: each on or off, and rent above a threshold (null: none). */
export interface InstantMailPreferences {
  sale: boolean;
  listing_bought: boolean;
  rent_above: number | null;
  mention: boolean;
  alliance: boolean;
}

/** The notice kinds a player may also have mailed, and the preference each answers to. */
const INSTANT: Partial<Record<NoticeDraft['kind'], Exclude<MailStopKind, 'digest' | 'ad_report'>>> = {
  territory_bought: 'sale',
  territory_sold: 'listing_bought',
  // An offer is a buyer for one's land, and a counter the answer to one's purchase (docs/rules.md §4 "Offers").
  offer_received: 'listing_bought',
  offer_countered: 'sale',
  // docs/rules.md §4 "Auctions": the bidder's side is a purchase of theirs, the seller's a buyer for its land.
  auction_outbid: 'sale',
  auction_won: 'sale',
  auction_sold: 'listing_bought',
  auction_ended_below_reserve: 'listing_bought',
  rent_received: 'rent_received',
  chat_mention: 'mention',
  alliance_invited: 'alliance',
  alliance_accepted: 'alliance',
  alliance_removed: 'alliance',
  alliance_payout: 'alliance',
};

/** Whether a notice of this kind may be mailed at all, to a player who chose its kind. */
export const mailableKind = (kind: NoticeDraft['kind']): boolean => INSTANT[kind] !== undefined;

/** Whether this notice is mailed to a player with these preferences, and under which kind it can be stopped. */
export function instantMailOf(notice: Pick<NoticeDraft, 'kind' | 'amount'>, preferences: InstantMailPreferences): MailStopKind | null {
  const kind = INSTANT[notice.kind];
  if (!kind) return null;
  if (kind === 'rent_received') return preferences.rent_above !== null && (notice.amount ?? 0) > preferences.rent_above ? kind : null;
  return preferences[kind] ? kind : null;
}
