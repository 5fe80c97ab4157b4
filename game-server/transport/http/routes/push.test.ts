import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_OFF, pushSettings, subscribePush } from '../../../domain/push/push-settings.ts';
import { inTransaction } from '../../../infra/db/database.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { pushDevice } from '../../../testing/push-endpoint.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const VAPID = webPush.generateVAPIDKeys();
const PUSH_SERVICE = 'https://fcm.googleapis.com/fcm/send';

for (const backend of testBackends()) {
  describe(`[§11 push] a player's devices, kinds and quiet hours over the API, on ${backend.name}`, () => {
    let game: TestServer;
    let devices = 0;
    const now = new Date('2026-11-26T09:00:00Z');
    const subscription = (endpoint = `${PUSH_SERVICE}/device-${++devices}`) => ({ endpoint, keys: pushDevice().keys });
    const endpointsOf = async (agent: TestAgent) =>
      ((await agent.get('/api/account/push')).body.devices as { endpoint: string }[]).map((device) => device.endpoint);

    beforeAll(async () => {
      game = await startTestServer(backend, {
        clock: () => now,
        env: { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:ops@wanakt.test' },
      });
    });
    afterAll(async () => {
      await game?.stop();
    });

    it('when a player reads its settings, then it gets the server’s key, no kinds, no quiet hours and no devices; a visitor gets 401', async () => {
      const { agent } = await signedInPlayer(game, { now });
      expect((await agent.get('/api/account/push')).body).toEqual({
        available: true,
        public_key: VAPID.publicKey,
        kinds: [],
        quiet_hours: null,
        devices: [],
      });
      expect((await game.agent().get('/api/account/push')).status).toBe(401);
      expect((await game.agent().post('/api/account/push/subscribe', subscription())).status).toBe(401);
    });

    it('when a player subscribes a device, chooses kinds and quiet hours, then unsubscribes, then each answer is the settings, and a retry with its key is answered again', async () => {
      const { agent } = await signedInPlayer(game, { now });
      const device = { ...subscription(), expirationTime: null };
      const subscribed = await agent.post(
        '/api/account/push/subscribe',
        { ...device, expirationTime: null },
        { 'Idempotency-Key': 'push-sub-1' },
      );
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.devices).toEqual([
        { endpoint: device.endpoint, created_at: now.toISOString(), last_success_at: null, last_failure_at: null },
      ]);
      const again = await agent.post('/api/account/push/subscribe', device, { 'Idempotency-Key': 'push-sub-1' });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(subscribed.body);

      const settings = { kinds: ['land_sold', 'outbid'], quiet_hours: { start: 22, end: 7, time_zone: 'Europe/Berlin' } };
      const chosen = await agent.post('/api/account/push/settings', settings);
      expect(chosen.status).toBe(200);
      expect(chosen.body).toMatchObject({ kinds: ['outbid', 'land_sold'], quiet_hours: settings.quiet_hours });
      expect((await agent.get('/api/account/push')).body).toMatchObject({ kinds: ['outbid', 'land_sold'] });

      const gone = await agent.post('/api/account/push/unsubscribe', { endpoint: device.endpoint });
      expect(gone.status).toBe(200);
      expect(gone.body.devices).toEqual([]);
      expect(gone.body.kinds).toEqual(['outbid', 'land_sold']);
    });

    it.each([
      ['a loopback address', 'https://127.0.0.1/push', 'The endpoint must name its host, not an IP address'],
      ['a private address', 'https://10.0.0.1/x', 'The endpoint must name its host, not an IP address'],
      ['IPv6 loopback', 'https://[::1]/', 'The endpoint must name its host, not an IP address'],
      ['an address written as a number', 'https://2130706433/', 'The endpoint must name its host, not an IP address'],
      ['plain http', 'http://example.com/push', 'The endpoint must be an https URL'],
      ['localhost', 'https://localhost/push', 'The endpoint must be a public host'],
      ['a local name', 'https://printer.local/push', 'The endpoint must be a public host'],
      ['a name without a domain', 'https://intranet/push', 'The endpoint must be a public host'],
      ['another port', 'https://push.example.com:8443/push', 'The endpoint must use https on its own port'],
      ['a 5,000-character endpoint', `${PUSH_SERVICE}/${'a'.repeat(5_000)}`, 'The endpoint must be at most 1024 characters'],
      ['no URL at all', 'not a url', 'The endpoint must be an https URL'],
      ['credentials', 'https://user:secret@push.example.com/push', 'The endpoint must be an https URL'],
    ])(
      'when a device subscribes with %s, then it is refused with a 400 that says why and nothing changes',
      async (_, endpoint, message) => {
        const { agent } = await signedInPlayer(game, { now });
        const kept = subscription();
        await agent.post('/api/account/push/subscribe', kept);
        const refused = await agent.post('/api/account/push/subscribe', subscription(endpoint));
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(message);
        expect(await endpointsOf(agent)).toEqual([kept.endpoint]);
      },
    );

    it('when the keys are not a P-256 key and a 16-byte secret in base64url, or unknown fields come along, then the subscription is refused', async () => {
      const { agent } = await signedInPlayer(game, { now });
      const { endpoint, keys } = subscription();
      const refusals = [
        [{ endpoint, keys: { ...keys, p256dh: 'B' + 'x'.repeat(200) } }, 'keys.p256dh must be a P-256 public key in base64url'],
        [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.replace(/^B/, 'A') } }, 'keys.p256dh must be a P-256 public key in base64url'],
        [{ endpoint, keys: { ...keys, auth: 'not+base64/url==' } }, 'keys.auth must be 16 bytes in base64url'],
        [{ endpoint }, 'keys must hold p256dh and auth'],
      ] as const;
      for (const [body, message] of refusals) {
        const refused = await agent.post('/api/account/push/subscribe', body);
        expect(refused.status, message).toBe(400);
        expect(refused.body.message).toBe(message);
      }
      expect((await agent.post('/api/account/push/subscribe', { endpoint, keys, extra: 1 })).status).toBe(400);
      expect(await endpointsOf(agent)).toEqual([]);
    });

    it('when the settings name an unknown or repeated kind, equal or impossible hours or an unknown time zone, then they are refused and the old ones stand', async () => {
      const { agent } = await signedInPlayer(game, { now });
      await agent.post('/api/account/push/settings', { kinds: ['outbid'], quiet_hours: null });
      const refusals = [
        [{ kinds: ['chat'], quiet_hours: null }, 'kinds may hold only outbid, offer_received, rent_overdue, land_sold, ad_reviewed'],
        [{ kinds: ['outbid', 'outbid'], quiet_hours: null }, 'kinds must not repeat a kind'],
        [{ kinds: [], quiet_hours: { start: 7, end: 7, time_zone: 'UTC' } }, 'Quiet hours must start and end at different hours'],
        [{ kinds: [], quiet_hours: { start: 22, end: 24, time_zone: 'UTC' } }, 'quiet_hours.end must be a whole hour from 0 to 23'],
        [
          { kinds: [], quiet_hours: { start: 22, end: 7, time_zone: 'Mars/Olympus' } },
          'quiet_hours.time_zone must be a time zone like Europe/Berlin',
        ],
      ] as const;
      for (const [body, message] of refusals) {
        const refused = await agent.post('/api/account/push/settings', body);
        expect(refused.status, message).toBe(400);
        expect(refused.body.message).toBe(message);
      }
      expect((await agent.get('/api/account/push')).body).toMatchObject({ kinds: ['outbid'], quiet_hours: null });
    });

    it('when a player subscribes a sixth device, then the oldest goes; an endpoint another account had moves to the new one; nobody can unsubscribe another’s device', async () => {
      const { agent } = await signedInPlayer(game, { now });
      const six = Array.from({ length: 6 }, () => subscription());
      for (const device of six) expect((await agent.post('/api/account/push/subscribe', device)).status).toBe(200);
      expect(await endpointsOf(agent)).toEqual(six.slice(1).map((device) => device.endpoint));

      const other = await signedInPlayer(game, { now });
      expect((await other.agent.post('/api/account/push/unsubscribe', { endpoint: six[5].endpoint })).body.devices).toEqual([]);
      expect(await endpointsOf(agent)).toHaveLength(5);
      await other.agent.post('/api/account/push/subscribe', six[5]);
      expect(await endpointsOf(other.agent)).toEqual([six[5].endpoint]);
      expect(await endpointsOf(agent)).toEqual(six.slice(1, 5).map((device) => device.endpoint));
    });

    it('when the server has no VAPID keys, then the settings say push is off and a device cannot subscribe', async () => {
      const { id } = await signedInPlayer(game, { now });
      const sql = game.database.sql;
      expect(await pushSettings(sql, PUSH_OFF, id)).toMatchObject({ available: false, public_key: null });
      await expect(inTransaction(sql, (tx) => subscribePush({ tx, now }, PUSH_OFF, id, subscription()))).rejects.toMatchObject({
        status: 409,
        message: 'Push notices are not available on this server',
      });
    });
  });
}
