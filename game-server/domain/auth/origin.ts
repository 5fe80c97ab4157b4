/**
 * The web origins (scheme, host and port) the game is served at: PUBLIC_ORIGIN, or by default the
 * address the server prints. Only these get credentialed CORS answers and may send state-changing
 * requests. The Host header is not consulted: anyone can send any Host, so it proves nothing.
 */
export interface OriginPolicy {
  readonly origins: readonly string[];
  /** Whether a request a browser may have sent comes from one of our origins. */
  allows(origin: string | null | undefined): boolean;
  /** Whether an Origin header names one of our origins exactly (no Origin: false). */
  isOurs(origin: string | null | undefined): boolean;
  /** Without PUBLIC_ORIGIN, the origins are known only once the server has its port. */
  listeningAt(url: string): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The printed address, and its `localhost` twin when it is this machine's loopback. */
function defaultOrigins(url: string): string[] {
  const printed = new URL(url);
  if (!LOOPBACK.has(printed.hostname)) return [printed.origin];
  return [...LOOPBACK].map((host) => `${printed.protocol}//${host}:${printed.port}`);
}

export function createOriginPolicy(configured: string[] | undefined): OriginPolicy {
  let origins = new Set(configured ?? []);
  const isOurs = (origin: string | null | undefined) => typeof origin === 'string' && origins.has(origin);
  return {
    get origins() {
      return [...origins];
    },
    isOurs,
    // Requests without an Origin (curl, server-to-server, the payment provider) are not a browser
    // acting on a player's cookie, so they pass and rely on the session alone. A browser always
    // sends Origin on a cross-site POST; "null" (sandboxed frames, file: pages) never passes.
    allows: (origin) => origin === undefined || origin === null || isOurs(origin),
    listeningAt: (url) => {
      if (!configured) origins = new Set(defaultOrigins(url));
    },
  };
}
