// Without zod, like world-seq.ts: the client reads these on every command it sends.

/** The header a command's REST call carries its key in (docs/write-path.md "Idempotent commands"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Sent with an answer that is a stored outcome, not a new run. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's first outcome is kept and answered again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_KEY_INVALID = `The Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`;
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request: send a new key for a new request';
export const IDEMPOTENCY_KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed: try again in a moment';

/** Whether `key` may be an Idempotency-Key: 1 to 255 printable ASCII characters, space included. */
export function isIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x20-\x7e]+$/.test(key);
}

/**
 * How long the game's client waits before trying a command again with its key, after a network
 * error or a 503 (the command was not applied): each pause in turn, then it gives up. A few, short,
 * so a blink of the server is ridden out while the player still waits for the button they pressed.
 */
export const COMMAND_RETRY_PAUSES_MS = [250, 750, 1500];
