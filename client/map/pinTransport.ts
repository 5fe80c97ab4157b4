// How a pin the Wanakt drags reaches the others: live moves through the world room while dragging,
// and the drop over REST, which persists it (and which the room then shows everyone).
import { moveTerritory } from '../api.ts';
import { dragPinLive } from '../state/room.ts';
import { useWorld } from '../state/world.ts';

export interface PinPosition {
  latitude: string;
  longitude: string;
}

// Six decimals is what the database keeps (numeric(9, 6)).
export function pinPosition(latitude: number, longitude: number): PinPosition {
  return { latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) };
}

/** A pin in motion, in map coordinates; the room clamps it and shows it to everyone. */
export function sendPinDrag(territoryId: number, x: number, y: number): void {
  dragPinLive(territoryId, x, y);
}

/** Persists the drop; the store moves at once so the pin does not jump back while the save is under way. */
export async function dropPin(territoryId: number, userId: string, position: PinPosition): Promise<void> {
  const before = useWorld.getState().territories.find((territory) => territory.id === territoryId);
  placeInStore(territoryId, position);
  try {
    await moveTerritory(territoryId, userId, position.latitude, position.longitude);
  } catch (error) {
    // docs/rules.md §8 "Position save failure": logged to the console only.
    console.error('Failed to save the territory position', error);
    if (before) placeInStore(territoryId, { latitude: before.latitude, longitude: before.longitude });
  }
}

function placeInStore(territoryId: number, position: PinPosition): void {
  useWorld.setState((state) => ({
    territories: state.territories.map((territory) => (territory.id === territoryId ? { ...territory, ...position } : territory)),
  }));
}
