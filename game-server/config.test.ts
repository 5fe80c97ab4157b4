import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('when nothing is set, then the defaults run the embedded database on 127.0.0.1:3000', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info', DATABASE_URL: undefined });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', WANAKT_PASSWORD: '' })).toMatchObject({ DATABASE_URL: undefined, WANAKT_PASSWORD: undefined });
  });

  it('when a value is invalid, then it names every bad setting', () => {
    expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', REDIS_URL: 'localhost:6379' })).toThrow(
      /PORT[\s\S]*REDIS_URL: must be a URL starting with redis: or rediss:[\s\S]*LOG_LEVEL/,
    );
  });

  it('when PUBLIC_ADDRESS names where a process is reached, then it is kept; a scheme or a trailing slash is refused', () => {
    for (const address of ['game.example.com/p1', '10.0.0.7:3001', 'game.example.com:8443/live-2']) {
      expect(loadConfig({ PUBLIC_ADDRESS: address }).PUBLIC_ADDRESS).toBe(address);
    }
    for (const address of ['https://game.example.com', 'game.example.com/p1/', 'game example.com']) {
      expect(() => loadConfig({ PUBLIC_ADDRESS: address })).toThrow(/PUBLIC_ADDRESS: must be host\[:port\]\[\/path\]/);
    }
  });

  it('when only some Stripe keys are set, then it refuses to guess the provider', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/must be set together/);
    const all = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig(all)).toMatchObject(all);
  });

  it('when the VAPID settings are all set and well formed, then push is on; some of them, a bad key or subject, or a bad switch are refused', () => {
    const vapid = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(loadConfig(vapid)).toMatchObject({ ...vapid, PUSH_ALLOW_LOCAL_ENDPOINTS: false });
    expect(loadConfig({}).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(true);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(/VAPID_SUBJECT must be set together/);
    expect(() => loadConfig({ ...vapid, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/VAPID_PUBLIC_KEY: must be a P-256 public key/);
    expect(() => loadConfig({ ...vapid, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
    expect(() => loadConfig({ ...vapid, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT: must be a URL starting with mailto:/);
    expect(() => loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'yes' })).toThrow(/PUSH_ALLOW_LOCAL_ENDPOINTS: must be true or false/);
  });

  it('when DATABASE_URL is set, then payments must be a choice: Stripe keys or PAYMENTS=sandbox', () => {
    const database = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wanakt' };
    expect(() => loadConfig(database)).toThrow(
      /DATABASE_URL is set but no payment provider is: set STRIPE_SECRET_KEY.*or PAYMENTS=sandbox/,
    );
    expect(loadConfig({ ...database, PAYMENTS: 'sandbox' })).toMatchObject({ PAYMENTS: 'sandbox' });
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS=stripe needs/);
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/PAYMENTS: must be stripe or sandbox/);
  });

  it('PUBLIC_ORIGIN takes comma-separated origins and refuses anything else', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://play.example.com, https://www.example.com:8443/' }).PUBLIC_ORIGIN).toEqual([
      'https://play.example.com',
      'https://www.example.com:8443',
    ]);
    expect(loadConfig({}).PUBLIC_ORIGIN).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'play.example.com' })).toThrow(/PUBLIC_ORIGIN: play.example.com is not an origin/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://example.com' })).toThrow(/PUBLIC_ORIGIN/);
  });
});
