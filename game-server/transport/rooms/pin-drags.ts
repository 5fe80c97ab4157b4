import { coordinatesOf } from '../../../schema/rules/territory.ts';
import { PIN_DRAGS_PER_SECOND, type DragPin, type DropPin } from '../../../schema/state/messages.ts';
import type { WorldState } from '../../../schema/state/world-state.ts';
import { notFound } from '../../errors.ts';
import type { Position } from '../../domain/world/positions.ts';
import { LatestWins } from './latest-wins.ts';

type Move = Omit<DragPin, 'type'>;

/**
 * The Wanakt's pin drags: every client sees the pin move (at most PIN_DRAGS_PER_SECOND moves a
 * second per dragging client), and the drop is stored through the same command as
 * PATCH /api/territories/{id}/position. Positions are clamped to the map's marker margins (docs/rules.md §5).
 */
export class PinDrags {
  /** Pins moved live and not yet dropped, by the sessionId of their dragger. */
  private readonly dragged = new Map<number, string>();
  private readonly throttles = new Map<string, LatestWins<Move>>();

  private readonly state: WorldState;
  /** Shows a territory as stored again, when a drag is abandoned. */
  private readonly reread: (territoryIds: number[]) => void;

  constructor(state: WorldState, reread: (territoryIds: number[]) => void) {
    this.state = state;
    this.reread = reread;
  }

  drag(sessionId: string, move: DragPin): void {
    if (!this.state.territories.has(String(move.territoryId))) throw notFound('Territory not found');
    let throttle = this.throttles.get(sessionId);
    if (!throttle) {
      throttle = new LatestWins<Move>(PIN_DRAGS_PER_SECOND, (next) => this.show(sessionId, next));
      this.throttles.set(sessionId, throttle);
    }
    throttle.push({ territoryId: move.territoryId, x: move.x, y: move.y });
  }

  /** Shows the pin where it was let go and stores it through `store`, the pin-move command. */
  async drop(sessionId: string, drop: DropPin, store: (position: Position) => Promise<unknown>): Promise<void> {
    this.throttles.get(sessionId)?.cancel();
    const position = this.show(sessionId, drop);
    try {
      await store(position);
    } catch (error) {
      this.reread([drop.territoryId]);
      throw error;
    } finally {
      this.dragged.delete(drop.territoryId);
    }
  }

  /** A client that leaves mid-drag leaves its pins where they are stored. */
  release(sessionId: string): void {
    this.throttles.get(sessionId)?.cancel();
    this.throttles.delete(sessionId);
    const abandoned = [...this.dragged].filter(([, dragger]) => dragger === sessionId).map(([id]) => id);
    for (const id of abandoned) this.dragged.delete(id);
    if (abandoned.length > 0) this.reread(abandoned);
  }

  private show(sessionId: string, { territoryId, x, y }: Move): Position {
    const position = coordinatesOf(x, y);
    const territory = this.state.territories.get(String(territoryId));
    if (territory) {
      this.dragged.set(territoryId, sessionId);
      territory.latitude = position.latitude;
      territory.longitude = position.longitude;
    }
    return position;
  }
}
