import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CounterRule, CounterStore } from './counter-store.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The limits on every door a stranger or a script can knock on, and why each number. An address is
 * the client's IP as Express sees it (the socket's, or X-Forwarded-For from a proxy TRUST_PROXY
 * names), keyed by limits/address-key.ts: an IPv6 /64 is one address.
 */
export const DOOR_LIMITS = {
  /** Each account mints 100 DRK: 5 an hour from one address is a family or a café, not a farm. */
  registration: { name: 'register-address', points: 5, seconds: HOUR },
  /** Advertisers need no account, and each intent writes an ad and a payment row. */
  adIntent: { name: 'ad-intent-address', points: 10, seconds: HOUR },
  /** DRK packages and paid broadcasts, per player: a real buyer opens a few checkouts, not hundreds. */
  paymentIntent: { name: 'payment-intent-player', points: 20, seconds: HOUR },
  /** Per player over REST and the room together, above the chat's own 5-per-10-seconds rule. */
  chat: { name: 'chat-player', points: 20, seconds: MINUTE },
  /** Sending is already one a day and paid for; this only stops a script hammering the door. */
  broadcast: { name: 'broadcast-player', points: 30, seconds: MINUTE },
  /** Visits pay out ad impressions, so a flood would drain advertisers' orders. */
  visit: { name: 'visit-address', points: 30, seconds: MINUTE },
  /** The public economy is cached for seconds anyway: two reads a second is more than a reader needs. */
  economy: { name: 'economy-address', points: 120, seconds: MINUTE },
  /** A read of world changes scans the outbox since the caller's number: a map polling every second stays under it. */
  worldChanges: { name: 'world-changes-address', points: 120, seconds: MINUTE },
  /** A profile is a handful of indexed reads; a reader clicking through names makes a few a minute. */
  profile: { name: 'profile-player-address', points: 60, seconds: MINUTE },
  /** An alliance's page, its list and the tags beside names: a page shows a few, a reader clicks through a few a minute. */
  alliance: { name: 'alliance-player-address', points: 120, seconds: MINUTE },
  /** A search box fires a search per pause in typing: two a second outlasts any reader. */
  marketplace: { name: 'marketplace-address', points: 120, seconds: MINUTE },
  /** An audit scans the whole ledger, so a stranger may start only a few. */
  audit: { name: 'audit-address', points: 3, seconds: MINUTE },
  /** A statement page replays the player's own movements: paging through hundreds is a few calls. */
  statement: { name: 'statement-player', points: 120, seconds: MINUTE },
  /** An export holds up to 100,000 lines. */
  statementExport: { name: 'statement-export-player', points: 10, seconds: MINUTE },
  /**
   * Joins of the world: one per page load, reconnections go by socket. A class of 30 behind one
   * address that all reload twice at the bell is 60; 120 a minute leaves room for that and stops a
   * script seating thousands.
   */
  matchmake: { name: 'matchmake-address', points: 120, seconds: MINUTE },
  /**
   * Joins without a session, within the matchmake budget above: a visitor only watches, and holds
   * at most SOCKET_CAPS.visitorsPerAddress sockets at once; a reload is a new join, so a minute
   * allows half as many again as those sockets, and a script cycling sockets stops there.
   */
  visitorJoin: { name: 'visitor-join-address', points: 30, seconds: MINUTE },
  /** Following ad links: a reader clicks a few a minute; beyond 60 it is a script (429). */
  adClick: { name: 'ad-click-address', points: 60, seconds: MINUTE },
  /** A click counts for its advertiser once per player (a visitor: per address) per ad an hour; repeats still follow the link. */
  adClickCounted: { name: 'ad-click-counted', points: 1, seconds: HOUR },
  /** Unsubscribe and address-confirmation links: a person follows a few; a script guessing signatures gets 30 a minute. */
  mailLink: { name: 'mail-link-address', points: 30, seconds: MINUTE },
  /** Saving mail preferences is a click per change: 30 a minute outlasts any person at the form. */
  mailPreferences: { name: 'mail-preferences-player', points: 30, seconds: MINUTE },
  /** Subscribing a device, forgetting one, choosing kinds and quiet hours: clicks, like mail preferences. */
  pushSettings: { name: 'push-settings-player', points: 30, seconds: MINUTE },
  /** Bids on auctions (docs/rules.md §4 "Auctions"): two a second outbids any person; a script racing a hot auction waits. */
  bid: { name: 'auction-bid-player', points: 120, seconds: MINUTE },
  /** Each new address is sent a confirmation: a player setting a few in an hour is fixing a typo, more is using us to mail strangers. */
  emailChange: { name: 'email-change-player', points: 5, seconds: HOUR },
  /** Every try to change the password counts, right or wrong: a stolen session cannot guess the current one at speed. */
  passwordChange: { name: 'password-change-player', points: 5, seconds: HOUR },
  /**
   * Bearer tokens that name no live key, per address: a program with a revoked key fails a few times
   * and stops; after 20 in an hour, every further unknown key from the address is answered 429 until
   * the hour is over. A live key from the same address still works: it spends only its own budget.
   */
  unknownApiKey: { name: 'unknown-api-key-address', points: 20, seconds: HOUR },
} satisfies Record<string, CounterRule>;

/**
 * OWASP's authentication cheat sheet: a few tries per account and address, a daily ceiling per
 * address against slow guessing across accounts, and a ceiling per account against guessing
 * from many addresses. Each is counted before the password is checked; a correct password gives
 * its points back.
 */
export const LOGIN_LIMITS = {
  /** Consecutive wrong passwords for one name from one address, then 15 minutes' wait. */
  perNameAndAddress: { name: 'login-name-address', points: 5, seconds: HOUR, blockSeconds: 15 * MINUTE },
  /** Wrong passwords from one address over a day, whatever the names. */
  perAddress: { name: 'login-address', points: 100, seconds: DAY, blockSeconds: DAY },
  /** Wrong passwords for one account from addresses it does not know, over an hour. */
  perAccount: { name: 'login-account', points: 50, seconds: HOUR, blockSeconds: HOUR },
} satisfies Record<string, CounterRule>;

/**
 * Reads of the world's cached lists one address may make a minute (the default of
 * WORLD_READS_PER_MINUTE): counted in each process's memory, see http/routes/world-reads.ts.
 */
export const WORLD_READS_PER_MINUTE = 1200;

/**
 * Sockets in the world room, counted across every process (rooms/socket-seats.ts). Players per
 * address: a school or an office behind one NAT, every pupil with a tab open, fits in 200;
 * carrier-grade NAT puts more strangers behind one IPv4 address, which is why it is not lower.
 * Visitors per address (no session): a visitor only watches, and one person needs a tab or two, so
 * 20 leaves room for a few people sharing a connection before they log in, and a script without an
 * account holds a tenth of what players may. Per session (in each process): one player with a
 * phone and a few tabs.
 */
export const SOCKET_CAPS = { perAddress: 200, visitorsPerAddress: 20, perSession: 4 };
export type SocketCaps = typeof SOCKET_CAPS;

export type DoorLimits = Record<keyof typeof DOOR_LIMITS, RateLimiterAbstract>;
export type LoginLimits = Record<keyof typeof LOGIN_LIMITS, RateLimiterAbstract>;

export interface Limits {
  doors: DoorLimits;
  login: LoginLimits;
  store: CounterStore;
}

function countersOf<K extends string>(store: CounterStore, rules: Record<K, CounterRule>): Record<K, RateLimiterAbstract> {
  return Object.fromEntries(Object.entries<CounterRule>(rules).map(([door, rule]) => [door, store.counter(rule)])) as Record<
    K,
    RateLimiterAbstract
  >;
}

export function createLimits(store: CounterStore): Limits {
  return { doors: countersOf(store, DOOR_LIMITS), login: countersOf(store, LOGIN_LIMITS), store };
}
