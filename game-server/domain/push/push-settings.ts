import type { PushSettingsBody, PushSettingsDto, PushSubscribeBody } from '../../../schema/api/push.ts';
import { MAX_PUSH_DEVICES, PUSH_KINDS, type PushKind, type QuietHours } from '../../../schema/rules/push.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { endpointRefusal } from '../../infra/push/endpoint-address.ts';
import { badInput, conflict } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

// docs/rules.md §11 "Push": a player's devices, the kinds it has pushed and its quiet hours.

/** What the server's configuration says about push: its VAPID public key (null: push is off), and whether endpoints on this machine are taken (tests). */
export interface PushServer {
  publicKey: string | null;
  allowLocalEndpoints: boolean;
}

/** A server without VAPID keys, or a caller that did not say: nothing is pushed. */
export const PUSH_OFF: PushServer = { publicKey: null, allowLocalEndpoints: false };

interface PreferenceRow {
  kinds: string[];
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
}

/** The player's kinds, in the order of PUSH_KINDS, and its quiet hours; none of either until chosen. */
export async function pushPreferences(sql: Queryable, userId: string): Promise<{ kinds: PushKind[]; quiet_hours: QuietHours | null }> {
  const [row] = await sql<PreferenceRow[]>`select kinds, quiet_start, quiet_end, time_zone from push_preferences where user_id = ${userId}`;
  if (!row) return { kinds: [], quiet_hours: null };
  return {
    kinds: PUSH_KINDS.filter((kind) => row.kinds.includes(kind)),
    quiet_hours:
      row.quiet_start === null || row.quiet_end === null || row.time_zone === null
        ? null
        : { start: row.quiet_start, end: row.quiet_end, time_zone: row.time_zone },
  };
}

export async function pushSettings(sql: Queryable, server: PushServer, userId: string): Promise<PushSettingsDto> {
  const devices = await sql<{ endpoint: string; created_at: Date; last_success_at: Date | null; last_failure_at: Date | null }[]>`
    select endpoint, created_at, last_success_at, last_failure_at from push_subscriptions where user_id = ${userId} order by created_at, id`;
  return {
    available: server.publicKey !== null,
    public_key: server.publicKey,
    ...(await pushPreferences(sql, userId)),
    devices: devices.map((device) => ({
      endpoint: device.endpoint,
      created_at: device.created_at.toISOString(),
      last_success_at: device.last_success_at?.toISOString() ?? null,
      last_failure_at: device.last_failure_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Takes this device for the player: an endpoint another account had moves to this one (one browser,
 * another login), the same one again gets its new keys, and past MAX_PUSH_DEVICES the oldest goes.
 */
export async function subscribePush(
  { tx, now }: Work,
  server: PushServer,
  userId: string,
  body: PushSubscribeBody,
): Promise<PushSettingsDto> {
  if (server.publicKey === null) throw conflict('Push notices are not available on this server');
  const refusal = endpointRefusal(body.endpoint, server.allowLocalEndpoints);
  if (refusal) throw badInput(refusal);
  // The player's row first, so two devices subscribing at once count each other (docs/write-path.md).
  await tx`select id from users where id = ${userId} for no key update`;
  await tx`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
    values (${userId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}, ${now})
    on conflict (endpoint) do update
      set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at,
          last_success_at = null, last_failure_at = null, last_error = null`;
  await tx`
    delete from push_subscriptions where id in (
      select id from push_subscriptions where user_id = ${userId} order by created_at desc, id desc offset ${MAX_PUSH_DEVICES})`;
  return pushSettings(tx, server, userId);
}

/** Forgets the device with this endpoint if it is the player's; anyone else's is left alone. */
export async function unsubscribePush({ tx }: Work, server: PushServer, userId: string, endpoint: string): Promise<PushSettingsDto> {
  await tx`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`;
  return pushSettings(tx, server, userId);
}

export async function setPushSettings({ tx }: Work, server: PushServer, userId: string, body: PushSettingsBody): Promise<PushSettingsDto> {
  const quiet = body.quiet_hours;
  await tx`
    insert into push_preferences (user_id, kinds, quiet_start, quiet_end, time_zone)
    values (${userId}, ${tx.json(body.kinds)}, ${quiet?.start ?? null}, ${quiet?.end ?? null}, ${quiet?.time_zone ?? null})
    on conflict (user_id) do update
      set kinds = excluded.kinds, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone`;
  return pushSettings(tx, server, userId);
}
