import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('[issue 2] configuration', () => {
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

  it('when only some Stripe keys are set, then it refuses to guess the provider', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/must be set together/);
    const all = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig(all)).toMatchObject(all);
  });
});
