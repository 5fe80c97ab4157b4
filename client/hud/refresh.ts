// After a command succeeds, the HUD shows its effect at once: the world list, the account's
// balance and the query-layer reads it touched. The live room pushes the same changes to everyone else.
import type { QueryKey } from '@tanstack/react-query';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { territories } from '../api.ts';
import { queryClient } from '../state/query.ts';
import { loadSession } from '../state/session.ts';
import { useWorld } from '../state/world.ts';

export function patchTerritory(id: number, change: Partial<TerritoryDto>): void {
  useWorld.setState((state) => ({
    territories: state.territories.map((territory) => (territory.id === id ? { ...territory, ...change } : territory)),
  }));
}

export async function reloadTerritories(): Promise<void> {
  useWorld.getState().setTerritories(await territories());
}

interface Refresh {
  world?: boolean;
  account?: boolean;
  queries?: QueryKey[];
}

export async function refreshAfter({ world = false, account = false, queries = [] }: Refresh): Promise<void> {
  await Promise.allSettled([
    world ? reloadTerritories() : undefined,
    account ? loadSession() : undefined,
    ...queries.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** Reads that depend on who owns what, refreshed after any change of owner or price. */
export const MARKET_QUERIES: QueryKey[] = [['/api/territories/for-sale'], ['/api/territories/hierarchy'], ['/api/territories/user']];
