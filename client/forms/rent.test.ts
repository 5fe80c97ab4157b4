import { describe, expect, it } from 'vitest';
import { INVALID_RENT, parseRentAmount } from './rent.ts';

describe('[§5 rent amount] the monthly rent field', () => {
  it('when the rent is 0 or a positive whole number, then it is accepted', () => {
    expect(parseRentAmount('0')).toBe(0);
    expect(parseRentAmount(' 111 ')).toBe(111);
  });

  it('when the rent is empty, negative, fractional or not a number, then it is refused', () => {
    for (const text of ['', ' ', '-1', '1.5', 'ten', '1e2', '0x10']) expect(parseRentAmount(text), text).toBeNull();
  });

  it("when it is refused, then the toast reads 'Invalid Amount' with docs/rules.md §5's message", () => {
    expect(INVALID_RENT).toEqual({ title: 'Invalid Amount', description: 'Please enter a valid rent amount (0 or positive number)' });
  });
});
