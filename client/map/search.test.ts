import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { searchMap } from './search.ts';
import { territoryDto } from '../testing/territory.ts';

function territory(id: number, name: string, type: TerritoryDto['type'], owner: string | null = null): TerritoryDto {
  return territoryDto({ id, name, type, owner_id: owner, owner_name: owner });
}

const world = [
  territory(1, 'Paris', 'main'),
  territory(2, 'Parisian Quarter', 'common', 'parker'),
  territory(3, 'Old Paris Town', 'town', 'parker'),
  territory(4, 'Lyon', 'city'),
  territory(5, 'Comparis', 'village'),
];

describe('[search] find a territory or a player by name', () => {
  it('when typing part of a name, then exact, then prefix, then word, then inside matches come, any case', () => {
    expect(
      searchMap(world, 'PARIS', 10)
        .filter((r) => r.kind === 'territory')
        .map((r) => r.name),
    ).toEqual(['Paris', 'Parisian Quarter', 'Old Paris Town', 'Comparis']);
  });

  it("when typing a player's name, then the player is found with their territories, most important first", () => {
    expect(searchMap(world, 'park', 10)).toEqual([{ kind: 'player', name: 'parker', territoryIds: [3, 2] }]);
  });

  it('when the box is empty or nothing matches, then there are no results, and the limit is kept', () => {
    expect(searchMap(world, '  ', 10)).toEqual([]);
    expect(searchMap(world, 'zzz', 10)).toEqual([]);
    expect(searchMap(world, 'par', 2)).toHaveLength(2);
  });
});
