import type { PushPayload } from '../../schema/api/push.ts';

// What the service worker (client/sw.ts) shows for a push and where a click on it leads
// (docs/rules.md §11 "Push"). Pure, so it is tested without a browser.

export const NOTICE_ICON = '/icons/icon-192.png';

/** The payload the game's server sent, or null for anything else: a link leaves the game never. */
export function pushedNotice(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, link, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  const inGame = typeof link === 'string' && link.startsWith('/') && !link.startsWith('//');
  return { title, body, tag, link: inGame ? link : '/' };
}
