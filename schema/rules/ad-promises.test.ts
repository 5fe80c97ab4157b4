import { describe, expect, it } from 'vitest';
import { AD_MAX_RUN_DAYS, reviewDeadline, runEnd, undeliveredRefund } from './ad-promises.ts';

describe('[§4 advertise flow] the advertiser’s promises', () => {
  it('refunds price × undelivered ÷ wanted, rounded down to the cent', () => {
    expect(undeliveredRefund(8000, 1000, 400)).toBe(4800);
    expect(undeliveredRefund(999, 1000, 1)).toBe(998); // 998.001 cents
    expect(undeliveredRefund(1001, 3, 1)).toBe(667); // 667.33 cents
    expect(undeliveredRefund(5000, 1000, 1000)).toBe(0);
    expect(undeliveredRefund(5000, 1000, 0)).toBe(5000);
  });

  it('gives 24 hours for the review and 30 days of running from the approval', () => {
    const at = new Date('2026-11-26T08:00:00Z');
    expect(reviewDeadline(at).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(runEnd(at).toISOString()).toBe('2026-12-26T08:00:00.000Z');
    expect(AD_MAX_RUN_DAYS).toBe(30);
  });
});
