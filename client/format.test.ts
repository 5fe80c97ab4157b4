import { describe, expect, it } from 'vitest';
import { formatDrk } from './format.ts';

describe('[§9 currency] DRK display', () => {
  it('shows amounts with no decimals', () => {
    expect(formatDrk('100')).toBe('100 DRK');
    expect(formatDrk('21000000')).toBe('21,000,000 DRK');
    expect(formatDrk('99.9')).toBe('99 DRK');
  });
});
