// What the service worker (client/sw.ts) does with each request: docs/design.md, "Installable app".
// Pure, so the rules are tested without a browser.

/** Bumped when the offline page or the rules change: the old cache is dropped on activation. */
export const SHELL_CACHE = 'wanakt-shell-1';
export const OFFLINE_PAGE = '/offline.html';
/** Stored at install, so the offline page has its style and picture with no network at all. */
export const PRECACHED = [OFFLINE_PAGE, '/offline.css', '/icons/icon.svg', '/manifest.webmanifest'];
/** Hashed scripts and styles kept for a fast start; the oldest go first beyond this. */
export const MAX_CACHED_ASSETS = 80;

/**
 * - `page`: a navigation, from the network (the game is live: a stale page would show stale land and
 *   balances); when the network fails, the offline page.
 * - `cached`: a hashed asset or a precached file, from the cache first (a hashed name never changes
 *   meaning), stored on its first fetch.
 * - `network`: left alone: the API, the live sockets, other origins, anything but GET.
 */
export type Strategy = 'page' | 'cached' | 'network';

const LIVE_PREFIXES = ['/api/', '/live/', '/matchmake/', '/ops/', '/metrics'];

export function strategyFor(request: { method: string; url: string; mode: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || LIVE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/') || PRECACHED.includes(url.pathname)) return 'cached';
  return 'network';
}
