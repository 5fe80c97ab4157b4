/**
 * Whether a request a browser may have sent comes from our own site: its Origin names the host it
 * was sent to. Requests without an Origin (curl, server-to-server, the payment provider) are not a
 * browser acting on a player's cookie, so they pass and rely on the session alone. REST and the
 * world room's socket apply this one rule.
 */
export function fromOwnSite(origin: string | null | undefined, host: string | null | undefined): boolean {
  if (origin === undefined || origin === null) return true;
  try {
    return host !== undefined && host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
