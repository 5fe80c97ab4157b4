import { describe, expect, it } from 'vitest';
import { isWebUrl } from '../api/ads.ts';
import {
  AD_RATE_CARD,
  AD_TARGET_TYPES,
  adRateCents,
  adTotalDollars,
  drkForUsdCents,
  findDrkPackage,
  packageSupplyMessage,
} from './store.ts';

describe('[§9] store rules', () => {
  it('[§9 currency] when a dollar amount is converted at $0.016 per DRK, then $1 is 63 DRK (62.5 rounded) and other amounts round to the nearest DRK', () => {
    expect(drkForUsdCents(100)).toBe(63);
    expect(drkForUsdCents(999)).toBe(624);
    expect(drkForUsdCents(16)).toBe(10);
    expect(drkForUsdCents(0)).toBe(0);
  });

  it('[§9 rate card] when the advertise page lists the rates, then the labels and cents are the spec’s, in its order', () => {
    expect(AD_RATE_CARD.map((row) => `${row.label} ${adRateCents(row.type)}¢`)).toEqual([
      'Major Cities 8¢',
      'Sub-territories 5¢',
      'Tourist Wonders 12¢',
    ]);
    // Only what an ad can be aimed at is priced (a tester read "3¢ Common Areas" and found none to choose).
    expect(AD_RATE_CARD.map((row) => row.type)).toEqual(AD_TARGET_TYPES);
  });

  it('[§9 advertising] when no territory is chosen yet, then the default rate gives the default total of $50', () => {
    expect(adTotalDollars(null, 1000)).toBe(50);
  });

  it('[§5 DRK package] when a package exceeds the supply, then the message names both amounts', () => {
    expect(packageSupplyMessage(1234, 2500)).toBe('Only 1,234 DRK remaining in supply. Cannot purchase 2,500 DRK package.');
    expect(findDrkPackage('baron')?.drk).toBe(5000);
    expect(findDrkPackage('gold')).toBeUndefined();
  });

  it('when a link is checked, then only http and https addresses are web addresses', () => {
    expect(isWebUrl('https://example.com/a?b=c')).toBe(true);
    expect(isWebUrl('http://example.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example', '//example.com', 'example.com', '']) {
      expect(isWebUrl(bad)).toBe(false);
    }
  });
});
