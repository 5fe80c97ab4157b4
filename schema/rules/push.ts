import type { NotificationKind } from './notifications.ts';

// docs/rules.md §11 "Push": the notices that matter away from the game, pushed to the devices a
// player turned them on for, each kind by choice, and held through the player's quiet hours.

/** The kinds a player may have pushed; none until chosen. */
export const PUSH_KINDS = ['outbid', 'offer_received', 'rent_overdue', 'land_sold', 'ad_reviewed'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What each kind is called on the account page, and the title of its notification. */
export const PUSH_KIND_NAMES: Record<PushKind, { label: string; title: string }> = {
  outbid: { label: 'someone outbids me at an auction', title: 'Outbid' },
  offer_received: { label: 'someone makes an offer on my land', title: 'Offer received' },
  rent_overdue: { label: 'my rent is overdue', title: 'Rent overdue' },
  land_sold: { label: 'my land is sold', title: 'Land sold' },
  ad_reviewed: { label: 'my ad is approved or rejected', title: 'Ad reviewed' },
};

const PUSHED: Partial<Record<NotificationKind, PushKind>> = {
  auction_outbid: 'outbid',
  offer_received: 'offer_received',
  rent_overdue: 'rent_overdue',
  territory_sold: 'land_sold',
  auction_sold: 'land_sold',
  ad_approved: 'ad_reviewed',
  ad_rejected: 'ad_reviewed',
};

/** The push kind a notice answers to, or null when it is never pushed. */
export const pushKindOf = (kind: NotificationKind): PushKind | null => PUSHED[kind] ?? null;

/** Devices one player may have subscribed at once; a further one replaces the oldest. */
export const MAX_PUSH_DEVICES = 5;

/** Quiet hours: whole hours of the player's own clock, from `start` up to `end`, across midnight when start > end. */
export interface QuietHours {
  start: number;
  end: number;
  time_zone: string;
}

/** Whether the platform knows this IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function clockIn(moment: Date, timeZone: string): { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    .formatToParts(moment)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return { hour: parts.hour, minute: parts.minute, second: parts.second };
}

/**
 * When the quiet hours holding at `now` end, or null when they do not hold: a push is held until
 * then. Across a change of daylight saving time the end may be an hour off; the sender asks again
 * when it comes.
 */
export function quietUntil(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const { hour, minute, second } = clockIn(now, quiet.time_zone);
  const inside = quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
  if (!inside) return null;
  const hoursLeft = (quiet.end - hour + 24) % 24;
  const secondsLeft = hoursLeft * 3600 - minute * 60 - second;
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + secondsLeft * 1000);
}

/** What a push carries: the service worker shows title and body and opens the link. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path within the game. */
  link: string;
  /** One notification per notice, however often it is delivered. */
  tag: string;
}

// A push service takes 4 kB; the notice's words are cut well below that, so the payload stays under 2 kB.
const MAX_BODY_CHARACTERS = 400;

export function pushPayloadOf(notice: { id: number; kind: PushKind; text: string; link: string | null }): PushPayload {
  const body = notice.text.length > MAX_BODY_CHARACTERS ? `${notice.text.slice(0, MAX_BODY_CHARACTERS - 1)}…` : notice.text;
  const link = notice.link && notice.link.startsWith('/') && !notice.link.startsWith('//') ? notice.link : '/';
  return { title: PUSH_KIND_NAMES[notice.kind].title, body, link, tag: `notice-${notice.id}` };
}
