// The service worker, built to /sw.js (vite.config.ts): it makes the game installable, opens a
// clear offline page when there is no network, and shows the notices the server pushes
// (docs/rules.md §11 "Push"). What it does with each request is in client/offline/cache-rules.ts,
// what it shows for a push in client/offline/push-notice.ts. The webworker types would clash with the DOM's in this project's one
// tsconfig, so the few it uses are declared here.
import { MAX_CACHED_ASSETS, OFFLINE_PAGE, PRECACHED, SHELL_CACHE, strategyFor } from './offline/cache-rules.ts';
import { NOTICE_ICON, pushedNotice } from './offline/push-notice.ts';

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHED))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, worker.location.origin);
  if (strategy === 'page') event.respondWith(pageOrOffline(event.request));
  else if (strategy === 'cached') event.respondWith(cachedFirst(event.request));
});

worker.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not the game's JSON: nothing is shown.
  }
  const notice = pushedNotice(data);
  if (!notice) return;
  event.waitUntil(
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      icon: NOTICE_ICON,
      tag: notice.tag,
      data: { link: notice.link },
    }),
  );
});

// A click brings a window of the game forward at the notice's link, or opens one there.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link ?? '/', worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((candidate) => new URL(candidate.url).origin === worker.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() refuses a window this worker does not control (opened before it was installed).
        if (await focused.navigate(link).catch(() => null)) return;
      }
      await worker.clients.openWindow(link);
    }),
  );
});

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (
      (await caches.match(OFFLINE_PAGE)) ?? new Response('You are offline', { status: 503, headers: { 'Content-Type': 'text/plain' } })
    );
  }
}

async function cachedFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await forgetOldestAssets(cache);
  }
  return response;
}

// Each deploy brings new hashed names; the oldest entries (keys() lists them in the order stored) go.
async function forgetOldestAssets(cache: Cache): Promise<void> {
  const assets = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  for (const request of assets.slice(0, Math.max(0, assets.length - MAX_CACHED_ASSETS))) await cache.delete(request);
}
