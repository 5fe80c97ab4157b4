// A visit counts at once on the visitor's screen; the room brings the same count to everyone else.
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { useWorld } from '../state/world.ts';

export function patchTerritory(id: number, change: Partial<TerritoryDto>): void {
  useWorld.setState((state) => ({
    territories: state.territories.map((territory) => (territory.id === id ? { ...territory, ...change } : territory)),
  }));
}
