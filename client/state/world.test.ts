import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { ownedCount, ownerLabel } from './world.ts';
import { territoryDto } from '../testing/territory.ts';

function territory(id: number, owner_id: string | null): TerritoryDto {
  return territoryDto({ id, type: 'main', tier: 'main', owner_id, monthly_revenue: '111', price: 5000, basePrice: 5000, population: 0 });
}

describe('[§4 ownership] owner label', () => {
  it('when the territory has no owner, then it is Available', () => {
    expect(ownerLabel(territory(1, null), 'u1')).toBe('Available');
  });

  it('when the session user owns it, then it is You', () => {
    expect(ownerLabel(territory(1, 'u1'), 'u1')).toBe('You');
  });

  it('when someone else owns it, or nobody is logged in, then it is Other Player', () => {
    expect(ownerLabel(territory(1, 'u2'), 'u1')).toBe('Other Player');
    expect(ownerLabel(territory(1, 'u2'), null)).toBe('Other Player');
  });
});

describe('territory count', () => {
  it('counts only the territories the user owns', () => {
    const list = [territory(1, 'u1'), territory(2, 'u2'), territory(3, null), territory(4, 'u1')];
    expect(ownedCount(list, 'u1')).toBe(2);
    expect(ownedCount(list, 'u3')).toBe(0);
  });
});
