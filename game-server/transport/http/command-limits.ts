import type { Request, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CommandLimit } from '../../../schema/commands/registry.ts';
import { CHAT_RATE_LIMIT } from '../../../schema/api/chat.ts';
import { BROADCASTS_PER_DAY } from '../../../schema/rules/store.ts';
import { CHAT_REFUSAL } from '../../domain/social/chat.ts';
import { DOOR_LIMITS, type DoorLimits } from '../../infra/limits/door-limits.ts';
import { limitText } from './openapi/operation.ts';
import { adClickKey, byAddress, byPlayerOrAddress } from './rate-limit.ts';

/**
 * A command's own limit, named by its entry (schema/commands/registry.ts). `before`: counted on
 * every request, ahead of the command's authentication and validation (a visit is anonymous and has
 * nothing to validate but its id). `admitted`: counted once the command is allowed and well-formed,
 * so a refused request spends nothing.
 */
export interface LimitOfCommand {
  counted: 'before' | 'admitted';
  counter: (doors: DoorLimits) => RateLimiterAbstract;
  keyOf: (req: Request, res: Response) => string;
  refusal: string;
  /** How the OpenAPI document states it. */
  documented: string;
}

/**
 * Budgets shared by every call under a path, reads and commands alike, per player (or address
 * before log-in): app.ts mounts each ahead of the routes, so a command's call spends from the same
 * budget as the page's reads, as it always has.
 */
export const PATH_LIMITS = {
  '/first-steps': { points: 30, seconds: 60 },
  '/notifications': { points: 60, seconds: 60 },
  '/away': { points: 60, seconds: 60 },
  '/seasons': { points: 60, seconds: 60 },
  '/rankings': { points: 60, seconds: 60 },
} as const;

/** How the document states the path budget a call under one of PATH_LIMITS spends from, if any. */
export function documentedPathLimit(path: string): string | undefined {
  const budget = Object.entries(PATH_LIMITS).find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return budget && limitText(budget[1], 'player');
}

export const COMMAND_LIMITS: Record<CommandLimit, LimitOfCommand> = {
  visit: {
    counted: 'before',
    counter: (doors) => doors.visit,
    keyOf: byAddress,
    refusal: 'Too many visits from your address.',
    documented: limitText(DOOR_LIMITS.visit, 'client address'),
  },
  chat: {
    counted: 'admitted',
    counter: (doors) => doors.chat,
    keyOf: byPlayerOrAddress,
    refusal: CHAT_REFUSAL,
    documented: `${CHAT_RATE_LIMIT.messages} messages per ${CHAT_RATE_LIMIT.seconds} seconds per player, and ${limitText(DOOR_LIMITS.chat, 'player')} (REST and the room together)`,
  },
  checkout: {
    counted: 'admitted',
    counter: (doors) => doors.paymentIntent,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many checkouts.',
    documented: limitText(DOOR_LIMITS.paymentIntent, 'player'),
  },
  broadcast: {
    counted: 'admitted',
    counter: (doors) => doors.broadcast,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many broadcasts.',
    documented: `${BROADCASTS_PER_DAY} broadcast per player per day; ${limitText(DOOR_LIMITS.broadcast, 'player')}`,
  },
  // Beyond this many clicks a minute an address is a script (the banner's GET link spends from it too).
  'ad-click-address': {
    counted: 'admitted',
    counter: (doors) => doors.adClick,
    keyOf: byAddress,
    refusal: 'Too many ad clicks from your address.',
    documented: limitText(DOOR_LIMITS.adClick, 'client address'),
  },
  // docs/rules.md §9 "Advertising": a click counts once per player (a visitor: per address) per ad an hour.
  'ad-click': {
    counted: 'admitted',
    counter: (doors) => doors.adClickCounted,
    keyOf: adClickKey,
    refusal: 'Your click on this ad was already counted this hour.',
    documented: 'a click counts for the advertiser once per player (without a session, per address) per ad an hour',
  },
  'ad-checkout': {
    counted: 'admitted',
    counter: (doors) => doors.adIntent,
    keyOf: byAddress,
    refusal: 'Too many ad checkouts from your address.',
    documented: limitText(DOOR_LIMITS.adIntent, 'client address'),
  },
  // docs/rules.md §11 "Mail": the links in mail work without a session; every try counts, so signatures cannot be guessed at speed.
  'mail-link': {
    counted: 'before',
    counter: (doors) => doors.mailLink,
    keyOf: byAddress,
    refusal: 'Too many mail links followed from your address.',
    documented: limitText(DOOR_LIMITS.mailLink, 'client address'),
  },
  // Each new address is sent a confirmation: the game must not become a way to mail strangers.
  'email-change': {
    counted: 'admitted',
    counter: (doors) => doors.emailChange,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many e-mail address changes; try again in an hour.',
    documented: limitText(DOOR_LIMITS.emailChange, 'player'),
  },
  // A stolen session guessing the current password gets five tries an hour.
  'password-change': {
    counted: 'before',
    counter: (doors) => doors.passwordChange,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many tries to change the password; try again in an hour.',
    documented: limitText(DOOR_LIMITS.passwordChange, 'player'),
  },
  'mail-preferences': {
    counted: 'admitted',
    counter: (doors) => doors.mailPreferences,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many changes to your mail preferences.',
    documented: limitText(DOOR_LIMITS.mailPreferences, 'player'),
  },
  'push-settings': {
    counted: 'admitted',
    counter: (doors) => doors.pushSettings,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many changes to your push settings.',
    documented: limitText(DOOR_LIMITS.pushSettings, 'player'),
  },
  bid: {
    counted: 'admitted',
    counter: (doors) => doors.bid,
    keyOf: byPlayerOrAddress,
    refusal: 'Too many bids: wait a moment.',
    documented: limitText(DOOR_LIMITS.bid, 'player'),
  },
  // An audit scans the whole ledger: every call counts, a refused one too.
  audit: {
    counted: 'before',
    counter: (doors) => doors.audit,
    keyOf: byAddress,
    refusal: 'Too many audit requests.',
    documented: limitText(DOOR_LIMITS.audit, 'client address'),
  },
};
