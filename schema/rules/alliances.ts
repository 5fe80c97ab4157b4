import { formatDrk } from '../format.ts';

// docs/rules.md §4 "Alliances": the constants and the pure rules of who may do what.

/** What founding an alliance costs, paid to the Wanakt's treasury. */
export const ALLIANCE_FOUNDING_FEE = 50;
export const MAX_ALLIANCE_MEMBERS = 50;
export const MAX_OPEN_ALLIANCE_APPLICATIONS = 100;
export const ALLIANCE_NAME_MIN = 3;
export const ALLIANCE_NAME_MAX = 32;
export const ALLIANCE_TAG_MIN = 2;
export const ALLIANCE_TAG_MAX = 5;

export const ALLIANCE_ROLES = ['leader', 'officer', 'member'] as const;
export type AllianceRole = (typeof ALLIANCE_ROLES)[number];
export const PAYOUT_STATUSES = ['sent', 'pending', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const APPLICATION_KINDS = ['invitation', 'request'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const LOOKALIKE_ALLIANCE_NAME = "That name looks like another alliance's: choose another";
export const LOOKALIKE_ALLIANCE_TAG = "That tag looks like another alliance's: choose another";
export const TAG_MESSAGE = `A tag is ${ALLIANCE_TAG_MIN} to ${ALLIANCE_TAG_MAX} letters or digits`;
export const NAME_LENGTH_MESSAGE = `An alliance's name is ${ALLIANCE_NAME_MIN} to ${ALLIANCE_NAME_MAX} characters`;

/** Whether a normalised name is of a name's length: folding may shorten it (a letter and its accent become one) or lengthen it. */
export function isNameLong(name: string): boolean {
  const length = Array.from(name).length;
  return length >= ALLIANCE_NAME_MIN && length <= ALLIANCE_NAME_MAX;
}

/** A tag as it is stored and shown: compatibility characters folded, in capitals. */
export function normaliseTag(raw: string): string {
  return raw.normalize('NFKC').trim().toUpperCase();
}

/** Whether a normalised tag has the tag's shape (the name rules are checked beside it). */
export function isTagShaped(tag: string): boolean {
  const length = Array.from(tag).length;
  return length >= ALLIANCE_TAG_MIN && length <= ALLIANCE_TAG_MAX && /^[\p{L}\p{N}]+$/u.test(tag);
}

/** Officers and the leader run the alliance's door and pay out from its treasury. */
export const isOfficer = (role: AllianceRole | null): boolean => role === 'leader' || role === 'officer';

/** Why `actor` may not remove `target` from their alliance, or null when it may. */
export function removalRefusal(actor: AllianceRole, target: AllianceRole): string | null {
  if (target === 'leader') return 'The leader cannot be removed: the leader hands over or leaves';
  if (actor === 'leader') return null;
  if (actor === 'officer' && target === 'member') return null;
  return actor === 'officer' ? 'Only the leader removes officers' : 'Only officers and the leader remove members';
}

/** Why a member cannot leave now, or null: the leader leaves only once alone. */
export function leaveRefusal(role: AllianceRole, members: number): string | null {
  return role === 'leader' && members > 1 ? 'Hand the leadership to another member before you leave' : null;
}

/**
 * Whether a payout goes at once or waits for a second officer's approval: what was sent today
 * (UTC) plus it must stay within the leader's daily limit.
 */
export function payoutGoesAtOnce(sentToday: number, amount: number, dailyLimit: number): boolean {
  return sentToday + amount <= dailyLimit;
}

/** The start of the UTC day `now` falls in: the daily limit counts from there. */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The tag as it stands beside a member's name. */
export const tagLabel = (tag: string): string => `[${tag}]`;

export function payoutWaits(amount: number, dailyLimit: number, sentToday: number): string {
  return `${formatDrk(amount)} passes today's limit (${formatDrk(sentToday)} of ${formatDrk(dailyLimit)} sent): it waits for another officer's approval`;
}
