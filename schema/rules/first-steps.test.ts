import { describe, expect, it } from 'vitest';
import { STARTING_BALANCE } from '../constants.ts';
import { decideStarterClaim, STARTER_PRICE, starterRefusal, starterTerritoryRefusal } from './first-steps.ts';

describe('[first steps] the starter claim rule', () => {
  it('costs less than the starting grant', () => {
    expect(STARTER_PRICE).toBeGreaterThan(0);
    expect(STARTER_PRICE).toBeLessThan(STARTING_BALANCE);
  });

  it('lets a player who owns nothing and never claimed take one, and no one else', () => {
    expect(starterRefusal({ alreadyClaimed: false, ownsTerritories: 0, balance: STARTING_BALANCE })).toBeNull();
    expect(starterRefusal({ alreadyClaimed: true, ownsTerritories: 0, balance: STARTING_BALANCE })).toBe(
      'You have already claimed your starter territory',
    );
    expect(starterRefusal({ alreadyClaimed: false, ownsTerritories: 1, balance: STARTING_BALANCE })).toBe(
      'Starter territories are for players who own no territory yet',
    );
    expect(starterRefusal({ alreadyClaimed: false, ownsTerritories: 0, balance: STARTER_PRICE - 1 })).toBe(
      `You need ${STARTER_PRICE} DRK for a starter territory but only have ${STARTER_PRICE - 1} DRK`,
    );
  });

  it('accepts only villages and common areas the treasury still has on the market', () => {
    expect(starterTerritoryRefusal({ type: 'village', ownerId: null, salePrice: 1000 }, 'Crail')).toBeNull();
    expect(starterTerritoryRefusal({ type: 'common', ownerId: null, salePrice: 500 }, 'Green')).toBeNull();
    expect(starterTerritoryRefusal({ type: 'city', ownerId: null, salePrice: 6000 }, 'Lyon')).toBe(
      'Lyon is not a starter territory: choose a village or a common area',
    );
    expect(starterTerritoryRefusal({ type: 'village', ownerId: 'someone', salePrice: null }, 'Crail')).toBe('Crail has already been taken');
    expect(starterTerritoryRefusal({ type: 'village', ownerId: null, salePrice: null }, 'Crail')).toBe('Crail has already been taken');
  });

  it('decides the claim as a purchase at the starter price paid to the treasury, or says why not', () => {
    const village = { name: 'Crail', type: 'village', ownerId: null, salePrice: 1000 } as const;
    const newcomer = { alreadyClaimed: false, ownsTerritories: 0, balance: STARTING_BALANCE };
    expect(decideStarterClaim(newcomer, village, 'treasury')).toEqual({ ok: true, price: STARTER_PRICE, payeeId: 'treasury' });
    expect(decideStarterClaim({ ...newcomer, ownsTerritories: 1 }, village, 'treasury')).toEqual({
      ok: false,
      message: 'Starter territories are for players who own no territory yet',
    });
    expect(decideStarterClaim(newcomer, { ...village, type: 'city' }, 'treasury')).toEqual({
      ok: false,
      message: 'Crail is not a starter territory: choose a village or a common area',
    });
    expect(decideStarterClaim({ ...newcomer, alreadyClaimed: true }, village, 'treasury')).toEqual({
      ok: false,
      message: 'You have already claimed your starter territory',
    });
  });
});
