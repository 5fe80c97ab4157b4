import { describe, expect, it } from 'vitest';
import { mintBadge, remainingSupply } from './mint.ts';

describe('[§5 mint] the mint amount badge', () => {
  it('when the amount is above 0 and within the remaining supply, then it reads VALID AMOUNT', () => {
    expect(mintBadge('1', 500)).toBe('VALID AMOUNT');
    expect(mintBadge(' 500 ', 500)).toBe('VALID AMOUNT');
  });

  it('when the amount is more than the remaining supply, then it reads EXCEEDS SUPPLY', () => {
    expect(mintBadge('501', 500)).toBe('EXCEEDS SUPPLY');
    expect(mintBadge('1', 0)).toBe('EXCEEDS SUPPLY');
  });

  it('when the amount is 0, negative, fractional or not a number, then it reads INVALID AMOUNT', () => {
    for (const text of ['0', '-5', '2.5', 'abc', '1e3', '+7', 'NaN', 'Infinity', '99999999999999999999']) {
      expect(mintBadge(text, 21_000_000), text).toBe('INVALID AMOUNT');
    }
  });

  it('when nothing is typed yet, then no badge shows', () => {
    expect(mintBadge('', 500)).toBeNull();
    expect(mintBadge('   ', 500)).toBeNull();
  });

  it('when supply is read, then the remaining supply is the cap minus what was ever minted', () => {
    expect(remainingSupply({ total_supply: 20_999_000, max_supply: 21_000_000 })).toBe(1000);
    expect(remainingSupply({ total_supply: 21_000_000, max_supply: 21_000_000 })).toBe(0);
  });
});
