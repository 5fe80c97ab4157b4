import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { AccountDto } from '../../schema/api/user.ts';
import { chatMessageToSend } from '../dashboard/chatTransport.ts';
import { descriptionProblem, listingPrice, purchaseProblem, upgradeOptions } from './rules.ts';
import { territoryDto } from '../testing/territory.ts';

function territory(change: Partial<TerritoryDto>): TerritoryDto {
  return territoryDto({
    name: 'Pai',
    latitude: '19.36',
    longitude: '98.44',
    price: 1500,
    sale_price: 1500,
    basePrice: 1500,
    population: 0,
    ...change,
  });
}
const account = (balance: string): AccountDto => ({ id: 'u1', username: 'ana', drk_balance: balance, is_wanakt: false, trade_hold: null });

describe('[§5 territory description]', () => {
  it('when the trimmed text is under 10 characters, then it is too short, however much padding it has', () => {
    expect(descriptionProblem('         short    ')).toEqual({
      title: 'Description Too Short',
      description: 'Please provide at least 10 characters for your territory description.',
    });
  });

  it('when the trimmed text is over 500 characters, then it is too long', () => {
    expect(descriptionProblem('x'.repeat(501))).toEqual({
      title: 'Description Too Long',
      description: 'Territory description must be 500 characters or less.',
    });
  });

  it('when it is 10 to 500 characters, then it passes', () => {
    expect(descriptionProblem('x'.repeat(10))).toBeNull();
    expect(descriptionProblem(`  ${'x'.repeat(500)}  `)).toBeNull();
  });
});

describe('[§5 purchase]', () => {
  it('when nobody is logged in, then login is required', () => {
    expect(purchaseProblem(null, territory({}))).toEqual({ title: 'Login Required', description: 'Please log in to purchase territories' });
  });

  it('when the balance is below the sale price, then it names both', () => {
    expect(purchaseProblem(account('100'), territory({ sale_price: 1500 }))).toEqual({
      title: 'Insufficient Balance',
      description: 'You need 1,500 DRK but only have 100 DRK',
    });
  });

  it('when the balance covers the price exactly, then the purchase may go to the server', () => {
    expect(purchaseProblem(account('1500'), territory({ sale_price: 1500 }))).toBeNull();
  });
});

describe('[§5 chat]', () => {
  it('when the message is empty or whitespace only, then nothing is sent', () => {
    expect(chatMessageToSend('')).toBeNull();
    expect(chatMessageToSend('  \n\t ')).toBeNull();
    expect(chatMessageToSend('  hello \n')).toBe('hello');
  });
});

describe('[§5 upgrade]', () => {
  it('when the balance is below a tier cost, then that tier is not affordable; only higher tiers are offered', () => {
    expect(upgradeOptions('premium', 1200, 1)).toEqual([
      { tier: 'deluxe', cost: 1200, affordable: true },
      { tier: 'ultimate', cost: 2500, affordable: false },
    ]);
    expect(upgradeOptions('ultimate', 10_000, 1)).toEqual([]);
  });

  it('when an upgrade-discount event runs, then each cost is discounted as the server charges it and affordability follows', () => {
    // A 1.25 multiplier is 25% off: deluxe 1200 → 900, ultimate 2500 → 1875.
    expect(upgradeOptions('premium', 1875, 1.25)).toEqual([
      { tier: 'deluxe', cost: 900, affordable: true },
      { tier: 'ultimate', cost: 1875, affordable: true },
    ]);
    expect(upgradeOptions('premium', 1874, 1.25).map((option) => option.affordable)).toEqual([true, false]);
  });
});

describe('listing price', () => {
  it('when the price is a whole number of at least 1 DRK, then it is accepted', () => {
    expect(listingPrice(' 2500 ')).toBe(2500);
    expect(listingPrice('0')).toBeNull();
    expect(listingPrice('12.5')).toBeNull();
    expect(listingPrice('-3')).toBeNull();
    expect(listingPrice('1e3')).toBeNull();
    expect(listingPrice('')).toBeNull();
  });
});
