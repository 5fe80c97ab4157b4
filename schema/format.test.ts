import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDollars,
  formatDrk,
  formatMonth,
  formatNumber,
  formatRelative,
  formatTime,
  plural,
} from './format.ts';

describe('[words] one formatter for numbers, plurals, dates and times', () => {
  it('when amounts are written, then DRK has no decimals and dollars keep their cents', () => {
    expect(formatDrk('21000000')).toBe('21,000,000 DRK');
    expect(formatDrk('99.9')).toBe('99 DRK');
    expect(formatDrk('nonsense')).toBe('– DRK');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatDollars(1699)).toBe('$16.99');
  });

  it('when a count is written, then one takes the singular and every other count the plural', () => {
    expect(plural(1, 'movement')).toBe('1 movement');
    expect(plural(0, 'movement')).toBe('0 movements');
    expect(plural(2, 'city', 'cities')).toBe('2 cities');
    expect(plural(1000, 'payment')).toBe('1,000 payments');
  });

  it('when a moment is written, then dates, times and months read the same in UTC wherever the code runs', () => {
    const moment = '2026-11-25T23:43:00Z';
    expect(formatDate(moment)).toBe('Nov 25, 2026');
    expect(formatDateTime(moment)).toBe('Nov 25, 2026, 11:43 PM UTC');
    expect(formatTime(moment)).toBe('11:43 PM UTC');
    expect(formatMonth('2026-11')).toBe('November 2026');
  });

  it('when a moment is told from now, then the largest whole unit is used', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatRelative('2026-11-28T12:00:00Z', now)).toBe('in 3 days');
    expect(formatRelative('2026-11-25T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelative(now, now)).toBe('now');
  });
});
