// How a client comes back to the live world when its server sends it away or its socket breaks
// beyond what the SDK's own reconnection mends. Pure: the caller passes the randomness in.

/** The close code of a server that is stopping (Colyseus's SERVER_SHUTDOWN): join again, elsewhere. */
export const SERVER_RESTARTING_CLOSE_CODE = 4001;
/** The SDK gave up reconnecting to the same room (its process is gone): join again. */
export const FAILED_TO_RECONNECT_CLOSE_CODE = 4003;

/**
 * The server closed this socket because its session ended (log-out, a log-in elsewhere over it, the
 * session ran out): the client forgets its player and joins again as a visitor.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** Refused: too many sockets from one address or one session (see game-server/infra/limits/door-limits.ts). */
export const TOO_MANY_SOCKETS_CODE = 4429;
/**
 * The server closed this socket because it sent far more view changes than a map does
 * (VIEW_FLOOD in schema/state/messages.ts): the client says so and joins again only after
 * FLOODED_REJOIN_MS, so a looping script does not come straight back.
 */
export const VIEW_FLOOD_CLOSE_CODE = 4430;
/** The wait before a client closed with VIEW_FLOOD_CLOSE_CODE joins again. */
export const FLOODED_REJOIN_MS = 30_000;
/**
 * The SDK's own reconnection to the same room, set on every joined room: three tries over about
 * 1.4 s mend a blip, and a client whose process died gives up then (4003) and joins elsewhere,
 * back in a room within a few seconds instead of the SDK's default of 15 tries over a minute.
 * No minimum time in the room first: the SDK's default (5 s) closes a client that dropped sooner
 * with a plain 1006, which no rule here rejoins after.
 */
export const SDK_RECONNECTION = { maxRetries: 3, minDelay: 100, maxDelay: 800, minUptime: 0 } as const;

const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 3000;

/**
 * Whether a client that left the world with this close code should join it again by itself;
 * `dropped`: its socket broke before it left (the SDK's onDrop), whatever code ended it then.
 */
export function shouldRejoin(closeCode: number, dropped = false): boolean {
  return dropped || closeCode === SERVER_RESTARTING_CLOSE_CODE || closeCode === FAILED_TO_RECONNECT_CLOSE_CODE;
}

/**
 * The wait before rejoin attempt `attempt` (1, 2, ...): doubling from 100 ms up to 3 s, spread by
 * `random` (0 ≤ random < 1) over half of it, so the clients of a stopped process do not all arrive
 * at the next one in the same millisecond.
 */
export function rejoinDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
