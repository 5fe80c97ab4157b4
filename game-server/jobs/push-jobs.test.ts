import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auctionOutbid, offerReceived, rentOverdue, type NoticeDraft } from '../../schema/rules/notifications.ts';
import type { PushSettingsBody } from '../../schema/api/push.ts';
import { notify } from '../domain/notifications/notifications.ts';
import { setPushSettings, subscribePush, type PushServer } from '../domain/push/push-settings.ts';
import { inTransaction, type Database, type Sql } from '../infra/db/database.ts';
import { createLogger } from '../infra/logger.ts';
import type { PushOptions } from '../infra/push/push-service.ts';
import { testBackends } from '../testing/databases.ts';
import { createPlayer } from '../testing/players.ts';
import { pushDevice, startPushEndpoint, vapidClaims, type PushDevice, type PushEndpoint } from '../testing/push-endpoint.ts';
import { PUSH_KEPT_DAYS } from '../domain/push/push-sending.ts';
import { forgetFinishedPushes, sendDuePushes } from './push-jobs.ts';

const vapidKeys = webPush.generateVAPIDKeys();
const VAPID = { ...vapidKeys, subject: 'mailto:ops@wanakt.test' };
const server: PushServer = { publicKey: VAPID.publicKey, allowLocalEndpoints: true };

for (const backend of testBackends()) {
  describe(`[§11 push] stored notices pushed to a local push service, on ${backend.name}`, () => {
    let database: Database;
    let sql: Sql;
    let endpoint: PushEndpoint;
    let now: Date;
    const warnings: string[] = [];
    const log = createLogger('warn', { destination: { write: (line: string) => void warnings.push(line) } });
    const options: PushOptions = { vapid: VAPID, timeoutMs: 500, allowLocal: true, ttlSeconds: 60 };
    const run = () => sendDuePushes({ sql, clock: () => now, log }, options);
    let paths = 0;

    /** A player with one device subscribed at a path of the endpoint of its own, and these settings. */
    async function playerWithDevice(settings: PushSettingsBody): Promise<{ id: string; device: PushDevice; path: string }> {
      const id = await createPlayer(sql, { now });
      const device = pushDevice();
      const path = `/device/${++paths}`;
      await inTransaction(sql, async (tx) => {
        await subscribePush({ tx, now }, server, id, { endpoint: `${endpoint.url}${path}`, keys: device.keys });
        await setPushSettings({ tx, now }, server, id, settings);
      });
      return { id, device, path };
    }
    const store = (drafts: NoticeDraft[]) => inTransaction(sql, (tx) => notify(tx, drafts, now));
    const receivedAt = (path: string) => endpoint.received.filter((push) => push.path === path);
    const deliveries = async (userId: string) =>
      sql<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null }[]>`
        select d.status, d.attempts, d.next_attempt_at, d.last_error from push_deliveries d
          join notifications n on n.id = d.notification_id where n.user_id = ${userId} order by d.id`;

    beforeAll(async () => {
      // A database of its own: no game server's job sends beside the test's runs.
      [database, endpoint] = await Promise.all([backend.open(), startPushEndpoint()]);
      sql = database.sql;
    });
    afterAll(async () => {
      await database?.close();
      await endpoint?.stop();
    });
    beforeEach(() => {
      now = new Date('2026-11-26T12:00:00Z');
    });
    afterEach(async () => {
      // Each test starts with nothing due.
      await sql`update push_deliveries set status = 'dropped' where status = 'queued'`;
    });

    it('when a notice of a kind the player pushes is stored, then its text reaches the device encrypted, with a VAPID signature, once however often the job runs', async () => {
      const { id, device, path } = await playerWithDevice({ kinds: ['offer_received'], quiet_hours: null });
      await store([offerReceived(id, 'Lyon', 'Buyer', 1_200)]);

      expect(await run()).toBe(1);
      expect(await run()).toBe(0);
      expect(await Promise.all([run(), run()])).toEqual([0, 0]);

      const [push, ...more] = receivedAt(path);
      expect(more).toEqual([]);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('60');
      const claims = vapidClaims(push.headers.authorization, VAPID.publicKey);
      expect(claims.aud).toBe(endpoint.url);
      expect(claims.sub).toBe(VAPID.subject);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.body.length).toBeLessThan(2048);
      expect(JSON.parse(device.decrypt(push.body))).toEqual({
        title: 'Offer received',
        body: 'Buyer offers 1,200 DRK for Lyon',
        link: '/marketplace',
        tag: expect.stringMatching(/^notice-\d+$/),
      });
      expect(await deliveries(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
      const [subscription] = await sql`select last_success_at from push_subscriptions where user_id = ${id}`;
      expect(subscription.last_success_at).toEqual(now);
    });

    it('when a notice is of a kind the player did not choose, then nothing is queued or pushed', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['offer_received'], quiet_hours: null });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      expect(await run()).toBe(0);
      expect(receivedAt(path)).toEqual([]);
      expect(await deliveries(id)).toEqual([]);
    });

    it('when a reminder is stored a second time (its once-key), then it is pushed once', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['rent_overdue'], quiet_hours: null });
      await store([rentOverdue(id, 77, 'Lyon', 40)]);
      await store([rentOverdue(id, 77, 'Lyon', 40)]);
      expect(await run()).toBe(1);
      expect(receivedAt(path)).toHaveLength(1);
    });

    it('when a notice comes in the player’s quiet hours, then it is held until they end and sent once then', async () => {
      // 22:00 to 07:00 in Berlin (UTC+1 in November); 23:30 there.
      const { id, device, path } = await playerWithDevice({
        kinds: ['outbid'],
        quiet_hours: { start: 22, end: 7, time_zone: 'Europe/Berlin' },
      });
      now = new Date('2026-11-26T22:30:00Z');
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      expect(await run()).toBe(0);
      expect(receivedAt(path)).toEqual([]);
      expect(await deliveries(id)).toMatchObject([{ status: 'queued', attempts: 0, next_attempt_at: new Date('2026-11-27T06:00:00Z') }]);

      now = new Date('2026-11-27T05:59:00Z');
      expect(await run()).toBe(0);
      now = new Date('2026-11-27T06:00:00Z');
      expect(await run()).toBe(1);
      expect(await run()).toBe(0);
      const [push, ...more] = receivedAt(path);
      expect(more).toEqual([]);
      expect(JSON.parse(device.decrypt(push.body))).toMatchObject({ title: 'Outbid' });
    });

    it('when the push service answers 410, then the device is forgotten with what was queued for it', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['outbid'], quiet_hours: null });
      endpoint.answer(path, { status: 410 });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid'), auctionOutbid(id, 'Paris', 300, 'outbid')]);
      expect(await run()).toBe(0);
      expect(receivedAt(path)).toHaveLength(1);
      expect(await sql`select id from push_subscriptions where user_id = ${id}`).toHaveLength(0);
      expect(await deliveries(id)).toEqual([]);
    });

    it('when the push service fails, then the push is tried again after 1, 5 and 30 minutes and then given up, logged', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['outbid'], quiet_hours: null });
      endpoint.answer(path, { status: 503 });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      for (const minutes of [1, 5, 30]) {
        expect(await run()).toBe(0);
        const [delivery] = await deliveries(id);
        expect(delivery).toMatchObject({ status: 'queued', next_attempt_at: new Date(now.getTime() + minutes * 60_000) });
        now = delivery.next_attempt_at;
      }
      expect(await run()).toBe(0);
      expect(await deliveries(id)).toMatchObject([{ status: 'failed', attempts: 4, last_error: 'The push service answered 503' }]);
      expect(receivedAt(path)).toHaveLength(4);
      expect(warnings.join('\n')).toMatch(/given up after 4 tries: The push service answered 503/);
      const [subscription] = await sql`select last_failure_at, last_error from push_subscriptions where user_id = ${id}`;
      expect(subscription).toMatchObject({ last_failure_at: now, last_error: 'The push service answered 503' });
    });

    it('when the push service does not answer in time, then the job moves on and the push waits for another try', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['outbid'], quiet_hours: null });
      endpoint.answer(path, { hangMs: 3_000 });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      const started = Date.now();
      expect(await run()).toBe(0);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(await deliveries(id)).toMatchObject([{ status: 'queued', attempts: 1, last_error: 'No answer within 500 ms' }]);
    });

    it('when the player switches a kind off while a push of it is held, then it is dropped, not sent', async () => {
      const { id, path } = await playerWithDevice({ kinds: ['outbid'], quiet_hours: { start: 0, end: 23, time_zone: 'UTC' } });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      expect(await run()).toBe(0);
      await inTransaction(sql, (tx) => setPushSettings({ tx, now }, server, id, { kinds: [], quiet_hours: null }));
      now = new Date('2026-11-26T23:00:00Z');
      expect(await run()).toBe(0);
      expect(receivedAt(path)).toEqual([]);
      expect(await deliveries(id)).toMatchObject([{ status: 'dropped' }]);
    });

    it('when the hourly housekeeping runs, then finished deliveries older than a week go, and newer or queued ones stay', async () => {
      const { id } = await playerWithDevice({ kinds: ['outbid'], quiet_hours: null });
      await store([auctionOutbid(id, 'Lyon', 300, 'outbid')]);
      expect(await run()).toBe(1);
      now = new Date(now.getTime() + 60_000);
      await store([auctionOutbid(id, 'Lyon', 320, 'outbid')]);
      await sql`update push_deliveries set next_attempt_at = ${new Date(now.getTime() + 86_400_000)} where status = 'queued'`;

      now = new Date(now.getTime() + (PUSH_KEPT_DAYS * 24 - 1) * 3_600_000);
      await forgetFinishedPushes({ sql, clock: () => now });
      expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual(['sent', 'queued']);
      now = new Date(now.getTime() + 2 * 3_600_000);
      await forgetFinishedPushes({ sql, clock: () => now });
      expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual(['queued']);
    });
  });
}
