// The map's search box: territories and players whose name holds what was typed, best matches first.
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { byImportance } from './labels.ts';

export type SearchResult =
  { kind: 'territory'; id: number; name: string; type: TerritoryDto['type'] } | { kind: 'player'; name: string; territoryIds: number[] };

function matchRank(name: string, query: string): number {
  const lower = name.toLowerCase();
  if (lower === query) return 0;
  if (lower.startsWith(query)) return 1;
  if (lower.split(/[\s-]+/).some((word) => word.startsWith(query))) return 2;
  return lower.includes(query) ? 3 : -1;
}

export function searchMap(territories: readonly TerritoryDto[], text: string, limit: number): SearchResult[] {
  const query = text.trim().toLowerCase();
  if (query.length === 0) return [];
  const places = territories
    .map((territory) => ({ territory, rank: matchRank(territory.name, query) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || byImportance(a.territory, b.territory))
    .map(({ territory }): SearchResult => ({ kind: 'territory', id: territory.id, name: territory.name, type: territory.type }));
  const owners = new Map<string, number[]>();
  for (const territory of [...territories].sort(byImportance)) {
    if (territory.owner_name === null || matchRank(territory.owner_name, query) < 0) continue;
    const owned = owners.get(territory.owner_name);
    if (owned) owned.push(territory.id);
    else owners.set(territory.owner_name, [territory.id]);
  }
  const players = [...owners].map(([name, territoryIds]): SearchResult => ({ kind: 'player', name, territoryIds }));
  return [...places, ...players].slice(0, limit);
}
