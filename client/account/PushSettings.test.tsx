// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSettingsDto } from '../../schema/api/push.ts';
import { createQueryClient } from '../state/query.ts';
import { PushSettings } from './PushSettings.tsx';

const SETTINGS: PushSettingsDto = { available: true, public_key: 'BKey', kinds: [], quiet_hours: null, devices: [] };

let answer: PushSettingsDto;
let fetchMock: ReturnType<typeof vi.fn>;
const posts = () => (fetchMock.mock.calls as [string, RequestInit][]).filter(([, init]) => init.method === 'POST');

/** A browser with push: a service worker whose PushManager has no subscription yet, and notices not yet asked for. */
function browserWithPush(permission: NotificationPermission) {
  const pushManager = { getSubscription: async () => null };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: async () => permission });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
}

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushSettings userId="u1" />
    </QueryClientProvider>,
  );

beforeEach(() => {
  answer = SETTINGS;
  fetchMock = vi.fn(
    async (_path: string, init?: RequestInit) =>
      new Response(JSON.stringify(init?.method === 'POST' ? { ...answer, ...JSON.parse(String(init.body)) } : answer)),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('[§11 push] the account page’s notices on this device', () => {
  it('when the server has no VAPID keys, then it says push is not available on this server and offers nothing', async () => {
    browserWithPush('default');
    answer = { ...SETTINGS, available: false, public_key: null };
    show();
    expect((await screen.findByTestId('push-status')).textContent).toBe('Push notices are not available on this server.');
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('when the browser has no push, then it says so', async () => {
    show();
    expect((await screen.findByTestId('push-status')).textContent).toBe('This browser cannot receive notices when the game is closed.');
  });

  it('when the browser refused notices, then it says how to allow them', async () => {
    browserWithPush('denied');
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Your browser blocks notices from this game');
  });

  it('when the player ticks kinds and sets quiet hours, then they are saved at once with the browser’s time zone', async () => {
    browserWithPush('default');
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'someone outbids me at an auction' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'my land is sold' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Hold notices during quiet hours/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Until' }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save push settings' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [[path, init]] = posts();
    expect(path).toBe('/api/account/push/settings');
    expect(JSON.parse(String(init.body))).toEqual({
      kinds: ['outbid', 'land_sold'],
      quiet_hours: { start: 22, end: 6, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
  });
});
