// How a pin the Wanakt drags reaches the others: live moves through the world room while dragging,
// and the drop over REST, which persists it (and which the room then shows everyone).
import { moveTerritory } from '../api.ts';
import { dragPinLive } from '../state/room.ts';
import { formatPlace as placeText } from '../format.ts';
import { showToast } from '../state/toasts.ts';
import { useWorld } from '../state/world.ts';

export interface PinPosition {
  latitude: string;
  longitude: string;
}

const dragOrigins = new Map<number, PinPosition>();

// Six decimals is what the database keeps (numeric(9, 6)).
export function pinPosition(latitude: number, longitude: number): PinPosition {
  return { latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) };
}

/** A pin in motion, in map coordinates; the room clamps it and shows it to everyone. */
export function sendPinDrag(territoryId: number, x: number, y: number): void {
  // Where the drag began: the live moves reach the store before the drop, and Undo goes back here.
  if (!dragOrigins.has(territoryId)) {
    const start = useWorld.getState().territories.find((territory) => territory.id === territoryId);
    if (start) dragOrigins.set(territoryId, { latitude: start.latitude, longitude: start.longitude });
  }
  dragPinLive(territoryId, x, y);
}

/**
 * Persists the drop; the store moves at once so the pin does not jump back while the save is under
 * way. A drag is easy to make by accident, so a saved one is announced with an Undo that puts the
 * pin back where it was (itself a move, in the audit log like the first).
 */
export async function dropPin(territoryId: number, userId: string, position: PinPosition, undoable = true): Promise<void> {
  const before = useWorld.getState().territories.find((territory) => territory.id === territoryId);
  const origin = dragOrigins.get(territoryId);
  dragOrigins.delete(territoryId);
  placeInStore(territoryId, position);
  try {
    await moveTerritory(territoryId, userId, position.latitude, position.longitude);
  } catch (error) {
    // docs/rules.md §8 "Position save failure": logged to the console only.
    console.error('Failed to save the territory position', error);
    if (before) placeInStore(territoryId, origin ?? { latitude: before.latitude, longitude: before.longitude });
    return;
  }
  if (!before || !undoable) return;
  const from = origin ?? { latitude: before.latitude, longitude: before.longitude };
  showToast({
    title: 'Pin Moved',
    description: `${before.name} moved from ${placeText(from)} to ${placeText(position)}.`,
    action: {
      label: 'Undo',
      altText: `Drag ${before.name} back, or undo from the desk's audit log`,
      run: () =>
        void dropPin(territoryId, userId, from, false).then(() =>
          showToast({ title: 'Pin Restored', description: `${before.name} is back at ${placeText(from)}.` }),
        ),
    },
  });
}

function placeInStore(territoryId: number, position: PinPosition): void {
  useWorld.setState((state) => ({
    territories: state.territories.map((territory) => (territory.id === territoryId ? { ...territory, ...position } : territory)),
  }));
}
