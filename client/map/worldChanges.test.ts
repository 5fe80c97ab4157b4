import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { worldChanges } from './worldChanges.ts';
import { territoryDto } from '../testing/territory.ts';

function territory(id: number, fields: Partial<TerritoryDto> = {}): TerritoryDto {
  return territoryDto({ id, ...fields });
}

describe('[live] changes the map shows', () => {
  const before = [territory(1), territory(2, { owner_id: 'a' }), territory(3)];

  it('when the world first arrives, then nothing counts as a change', () => {
    expect(worldChanges([], before)).toEqual({ newOwner: [], listed: [], appeared: [] });
  });

  it('when a territory changes hands, is listed, or is founded, then each is reported once', () => {
    const after = [territory(1, { owner_id: 'b' }), territory(2, { owner_id: 'a', sale_price: 700 }), territory(3), territory(4)];
    expect(worldChanges(before, after)).toEqual({ newOwner: [1], listed: [2], appeared: [4] });
  });

  it('when nothing a player can see changed, then nothing is reported', () => {
    const after = before.map((t) => ({ ...t, visits: t.visits + 1 }));
    expect(worldChanges(before, after)).toEqual({ newOwner: [], listed: [], appeared: [] });
  });

  it('when a listing is withdrawn, then it is no new listing', () => {
    const listed = [territory(1, { sale_price: 500 })];
    expect(worldChanges(listed, [territory(1)]).listed).toEqual([]);
  });
});
