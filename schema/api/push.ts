import { z } from 'zod';
import { isTimeZone, PUSH_KINDS } from '../rules/push.ts';

export { PUSH_KIND_NAMES, PUSH_KINDS, type PushPayload } from '../rules/push.ts';

/** Push services' endpoints run to a few hundred characters; the server POSTs to it, so it is bounded well below a request's size. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;

/**
 * A push subscription's endpoint as the browser hands it over: an http(s) URL without credentials.
 * Which hosts the server will POST to is decided on the server (docs/rules.md §11 "Push").
 */
export const PushEndpoint = z
  .string({ error: 'endpoint must be a string' })
  .max(MAX_PUSH_ENDPOINT_LENGTH, { error: `The endpoint must be at most ${MAX_PUSH_ENDPOINT_LENGTH} characters` })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: 'The endpoint must be an https URL' },
  )
  .meta({ example: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH' });

/** The subscription's P-256 public key: 65 bytes, uncompressed (0x04 first), in base64url. */
const P256dhKey = z
  .string({ error: 'keys.p256dh must be a string' })
  .max(88, { error: 'keys.p256dh must be a P-256 public key in base64url' })
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: 'keys.p256dh must be a P-256 public key in base64url' });
/** The subscription's authentication secret: 16 bytes in base64url. */
const AuthSecret = z
  .string({ error: 'keys.auth must be a string' })
  .max(24, { error: 'keys.auth must be 16 bytes in base64url' })
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'keys.auth must be 16 bytes in base64url' });

/** POST /api/account/push/subscribe: this device's subscription, as PushSubscription.toJSON() gives it. */
export const PushSubscribeBody = z
  .strictObject({
    endpoint: PushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({ p256dh: P256dhKey, auth: AuthSecret }, { error: 'keys must hold p256dh and auth' }),
  })
  .meta({ id: 'PushSubscribeBody' });
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

/** POST /api/account/push/unsubscribe: the device to forget. */
export const PushUnsubscribeBody = z.strictObject({ endpoint: PushEndpoint }).meta({ id: 'PushUnsubscribeBody' });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

const Hour = (name: string) =>
  z
    .number({ error: `${name} must be a whole hour from 0 to 23` })
    .int({ error: `${name} must be a whole hour from 0 to 23` })
    .min(0, { error: `${name} must be a whole hour from 0 to 23` })
    .max(23, { error: `${name} must be a whole hour from 0 to 23` });

export const QuietHoursDto = z
  .strictObject({
    start: Hour('quiet_hours.start'),
    end: Hour('quiet_hours.end'),
    /** An IANA time zone (Europe/Berlin), the player's own clock. */
    time_zone: z
      .string({ error: 'quiet_hours.time_zone must be a time zone' })
      .max(64, { error: 'quiet_hours.time_zone must be a time zone like Europe/Berlin' })
      .refine(isTimeZone, { error: 'quiet_hours.time_zone must be a time zone like Europe/Berlin' })
      .meta({ example: 'Europe/Berlin' }),
  })
  .refine((quiet) => quiet.start !== quiet.end, { error: 'Quiet hours must start and end at different hours' })
  .meta({ id: 'QuietHours', example: { start: 22, end: 7, time_zone: 'Europe/Berlin' } });

/** POST /api/account/push/settings: the kinds pushed, and quiet hours (null: none). */
export const PushSettingsBody = z
  .strictObject({
    kinds: z
      .array(z.enum(PUSH_KINDS, { error: `kinds may hold only ${PUSH_KINDS.join(', ')}` }), { error: 'kinds must be a list' })
      .max(PUSH_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'kinds must not repeat a kind' }),
    quiet_hours: QuietHoursDto.nullable(),
  })
  .meta({ id: 'PushSettingsBody' });
export type PushSettingsBody = z.infer<typeof PushSettingsBody>;

/** GET /api/account/push: whether the server pushes at all, its key, and the player's choices and devices. */
export const PushSettingsDto = z
  .object({
    /** False when the server has no VAPID keys: nothing is pushed. */
    available: z.boolean(),
    /** The server's VAPID public key (base64url), for pushManager.subscribe's applicationServerKey. */
    public_key: z.string().nullable(),
    kinds: z.array(z.enum(PUSH_KINDS)),
    quiet_hours: QuietHoursDto.nullable(),
    devices: z.array(
      z.object({
        endpoint: z.string(),
        created_at: z.string(),
        last_success_at: z.string().nullable(),
        last_failure_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'PushSettings' });
export type PushSettingsDto = z.infer<typeof PushSettingsDto>;
