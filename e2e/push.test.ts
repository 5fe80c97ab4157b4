import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { pushDevice, startPushEndpoint, vapidClaims, type PushEndpoint } from '../game-server/testing/push-endpoint.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

// docs/rules.md §11 "Push" in a real browser. Headless Chromium has no push service, so the page's
// PushManager is replaced by one that answers a subscription at the test's own push endpoint, with
// the keys of a device the test holds: what the game's server sends there is decrypted and read.
describe('[§11 push] a player turns on notices for offers on /account, and an offer on its land reaches its device', () => {
  const vapid = webPush.generateVAPIDKeys();
  let endpoint: PushEndpoint;
  const browser = browserGame({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@wanakt.test',
      PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
    },
  });
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
  });
  afterAll(async () => {
    await endpoint?.stop();
  });

  const endpointsOf = async (agent: TestAgent) =>
    ((await agent.get('/api/account/push')).body.devices as { endpoint: string }[]).map((device) => device.endpoint);

  it('when the owner switches notices on, ticks offers and a buyer makes an offer, then the push service gets the offer’s words for the owner’s device', async () => {
    const owner = await signedInPlayer(browser.game, { balance: 20_000, username: 'Owner' });
    const buyer = await signedInPlayer(browser.game, { balance: 3_000, username: 'Bidder' });
    const everyone = (await browser.game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const territory = everyone.find(
      (candidate) => candidate.type === 'city' && candidate.owner_id === null && (candidate.sale_price ?? Infinity) <= 10_000,
    )!;
    expect((await owner.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    const device = pushDevice();
    const phone = `${endpoint.url}/phone`;
    const context = await browser.context(owner.agent);
    await context.grantPermissions(['notifications'], { origin: browser.game.server.url });
    await context.addInitScript(
      ({ endpoint: at, keys }) => {
        let current: object | null = null;
        PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
          (window as unknown as { pushKey: number[] }).pushKey = Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
          current = {
            endpoint: at,
            expirationTime: null,
            toJSON: () => ({ endpoint: at, expirationTime: null, keys }),
            unsubscribe: async () => ((current = null), true),
          };
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint: phone, keys: device.keys },
    );
    const page = await context.newPage();
    await page.goto(`${browser.game.server.url}/account`);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null))
      .toBe('activated');

    const section = page.getByTestId('push-settings');
    // The switch turns on once the browser subscribed and the server took the device: a click, not a check.
    await section.getByRole('switch', { name: 'Push my chosen notices to this device' }).click();
    await expect.poll(() => endpointsOf(owner.agent)).toEqual([phone]);
    // The browser was handed the server's key.
    expect(Buffer.from(await page.evaluate(() => (window as unknown as { pushKey: number[] }).pushKey)).toString('base64url')).toBe(
      vapid.publicKey,
    );
    await expect.poll(() => section.getByRole('switch').isChecked()).toBe(true);

    await section.getByLabel('someone makes an offer on my land').check();
    await section.getByRole('button', { name: 'Save push settings' }).click();
    await expect.poll(async () => (await owner.agent.get('/api/account/push')).body.kinds).toEqual(['offer_received']);
    await section.screenshot({ path: testShot('push-settings.png') });

    expect((await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 1_200 })).status).toBe(201);
    await expect.poll(() => endpoint.received.length, { timeout: 20_000 }).toBe(1);
    const [push] = endpoint.received;
    expect(push.path).toBe('/phone');
    expect(vapidClaims(push.headers.authorization, vapid.publicKey).aud).toBe(endpoint.url);
    const sent = device.decrypt(push.body);
    expect(JSON.parse(sent)).toMatchObject({
      title: 'Offer received',
      body: `Bidder offers 1,200 DRK for ${territory.name}`,
      link: '/marketplace',
    });

    // What the push service would hand the browser, handed to the game's service worker: it shows the notice.
    const devtools = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL.startsWith(browser.game.server.url));
        if (found) resolve(found.registrationId);
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: browser.game.server.url,
      registrationId: await registrationId,
      data: sent,
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.getRegistration())!.getNotifications()).map((shown) => [
            shown.title,
            shown.body,
            shown.icon,
          ]),
        ),
      )
      .toEqual([['Offer received', `Bidder offers 1,200 DRK for ${territory.name}`, `${browser.game.server.url}/icons/icon-192.png`]]);

    // Switched off, the device is forgotten.
    await section.getByRole('switch').click();
    await expect.poll(() => endpointsOf(owner.agent)).toEqual([]);
  });
});
