import { create } from 'zustand';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { territories } from '../api.ts';

// The single source of the world that the map and the HUD read. Today REST fills it; the live
// room will later feed the same setTerritories.
interface WorldState {
  territories: TerritoryDto[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  selectedId: number | null;
  setTerritories: (territories: TerritoryDto[]) => void;
  select: (id: number | null) => void;
}

export const useWorld = create<WorldState>()((set) => ({
  territories: [],
  status: 'idle',
  error: null,
  selectedId: null,
  setTerritories: (list) => set({ territories: list, status: 'ready', error: null }),
  select: (selectedId) => set({ selectedId }),
}));

// SPEC §7: data never goes stale, so the list is fetched once and again only after a failure.
export async function loadTerritories(): Promise<void> {
  const { status } = useWorld.getState();
  if (status === 'loading' || status === 'ready') return;
  useWorld.setState({ status: 'loading', error: null });
  try {
    useWorld.getState().setTerritories(await territories());
  } catch (error) {
    useWorld.setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}

export function ownedCount(list: readonly TerritoryDto[], userId: string): number {
  return list.reduce((count, territory) => (territory.owner_id === userId ? count + 1 : count), 0);
}

// SPEC §4: the owner is shown as You, Other Player or Available.
export function ownerLabel(territory: TerritoryDto, userId: string | null): 'You' | 'Other Player' | 'Available' {
  if (territory.owner_id === null) return 'Available';
  return territory.owner_id === userId ? 'You' : 'Other Player';
}
