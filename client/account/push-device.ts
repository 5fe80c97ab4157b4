import type { PushSubscribeBody } from '../../schema/api/push.ts';

// This browser's side of push (docs/rules.md §11 "Push"): whether it can, what it was allowed, and
// its subscription with the game's service worker.

/** Why this browser cannot have notices pushed, or null when it can. */
export function pushUnsupported(): string | null {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'This browser cannot receive notices when the game is closed.';
  return null;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new Error('The game’s service worker is not running yet: reload the page and try again.');
  return found;
}

/** The endpoint this browser is subscribed at, if it is. */
export async function currentEndpoint(): Promise<string | null> {
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription())?.endpoint ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** Asks the player's permission, then subscribes this browser with the server's key; answers what the server is sent. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscribeBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused(permission);
  const subscription = await (
    await registration()
  ).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave no usable subscription.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Ends this browser's subscription; answers the endpoint it had, for the server to forget. */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** The player (or the browser's settings) did not allow notices. */
export class PermissionRefused extends Error {
  readonly permission: NotificationPermission;

  constructor(permission: NotificationPermission) {
    super('Your browser did not allow notices from the game.');
    this.permission = permission;
  }
}
