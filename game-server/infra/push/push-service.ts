import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import { publicOnlyLookup } from './endpoint-address.ts';

// The one conversation with a push service (RFC 8030): web-push signs the VAPID header and
// encrypts the payload (RFC 8291, aes128gcm); the POST is made here, so it cannot follow a
// redirect, resolves the endpoint's name to public addresses only, and gives up in time.

/** The server's VAPID identity: the key pair and a contact (mailto: or https:) push services may use. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push went: taken; the device is gone (404, 410); refused for good (another 4xx); or worth another try. */
export type PushResult = { outcome: 'sent' } | { outcome: 'gone' | 'refused' | 'retry'; error: string };

export interface PushOptions {
  vapid: Vapid;
  /** How long the whole POST may take: a slow push service must not hold the sender. */
  timeoutMs: number;
  /** Tests only (PUSH_ALLOW_LOCAL_ENDPOINTS): the endpoint may resolve to this machine. */
  allowLocal: boolean;
  /** Seconds the push service keeps a push for a device that is offline. */
  ttlSeconds: number;
}

function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null, options: PushOptions): Promise<number> {
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(!options.allowLocal && { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** Encrypts the payload to the device's keys and POSTs it to its push service. */
export async function sendPush(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult> {
  try {
    const details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: options.vapid,
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const status = await post(details.endpoint, details.headers as Record<string, string | number>, details.body as Buffer | null, options);
    if (status >= 200 && status < 300) return { outcome: 'sent' };
    const error = `The push service answered ${status}`;
    if (status === 404 || status === 410) return { outcome: 'gone', error };
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { outcome: 'refused', error };
    return { outcome: 'retry', error };
  } catch (error) {
    // The request's only signal is its time-out: an abort is always one.
    const timedOut = error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
    const message = timedOut ? `No answer within ${options.timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    return { outcome: 'retry', error: message.slice(0, 500) };
  }
}

// A push service answers in well under a second; one that has not in 10 s is tried again later.
const PUSH_TIMEOUT_MS = 10_000;
// An outbid or an offer is worth little after a day on a phone that was off.
const PUSH_TTL_SECONDS = 86_400;

/** How notices are pushed with this configuration, or null when the server has no VAPID keys (push is off). */
export function pushOptionsOf(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_ALLOW_LOCAL_ENDPOINTS'>,
): PushOptions | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (!publicKey || !privateKey || !subject) return null;
  return {
    vapid: { publicKey, privateKey, subject },
    timeoutMs: PUSH_TIMEOUT_MS,
    allowLocal: config.PUSH_ALLOW_LOCAL_ENDPOINTS,
    ttlSeconds: PUSH_TTL_SECONDS,
  };
}
