import { VIEW_CHANGES_PER_SECOND, VIEW_FLOOD, VIEW_MARKERS_PER_SECOND } from '../../../schema/state/messages.ts';
import { viewChanges } from '../../infra/observability/metrics.ts';

// docs/design.md "Live state": what one client's looking may cost. Its view changes are applied
// one at a time, the latest wins (the boxes between are dropped unread), at most
// VIEW_CHANGES_PER_SECOND a second, and a change that pulled many markers into the view holds the
// next one back until the budget of VIEW_MARKERS_PER_SECOND has paid for them. Far more view
// messages than a map sends (VIEW_FLOOD) is a flood: the room closes the socket. The room's clients
// together pull at most ROOM_VIEW_MARKERS_PER_SECOND, taking turns in the order they asked, so
// many sockets, each within its own pace, still cannot hold the event loop. A change enters its
// markers VIEW_SLICE_MARKERS at a time, one slice per patch the room sends, so no patch encodes more
// than a slice of them; a newer view of the same client ends the slices of the one before.

/**
 * Markers all the clients of one room may pull in a second together: four full boxes (1,500
 * markers, 29-37 ms of the server's CPU each on the 100,000-territory world of
 * bench/view-flood.bench.ts), a quarter of a core at most; a room of players panning calmly,
 * each one box every few seconds, never waits for it.
 */
export const ROOM_VIEW_MARKERS_PER_SECOND = 6000;

/**
 * Markers one view change takes in before the room sends them in a patch and yields: the room's
 * budget over one patch interval (50 ms, Colyseus's default), so slicing costs a change no time
 * that the budget would not make it wait anyway, and one slice costs the server a few milliseconds.
 */
export const VIEW_SLICE_MARKERS = 300;

/** The room's budget of markers a second: view changes run one at a time, spaced by what they pulled. */
export class RoomViewBudget {
  private chain: Promise<void> = Promise.resolve();
  private nextAt = Number.NEGATIVE_INFINITY;
  private readonly markersPerSecond: number;
  private readonly now: () => number;

  constructor(markersPerSecond = ROOM_VIEW_MARKERS_PER_SECOND, now: () => number = () => performance.now()) {
    this.markersPerSecond = markersPerSecond;
    this.now = now;
  }

  /**
   * Runs `work` (which answers the markers it pulled) when the budget allows, after the turns asked
   * before it. The markers are paid for from the moment the work began: a change whose slices took
   * as long as its markers cost does not wait that long again.
   */
  turn(work: () => Promise<number>): Promise<number> {
    const run = this.chain.then(async () => {
      const wait = this.nextAt - this.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const began = this.now();
      const pulled = await work();
      this.nextAt = began + (pulled * 1000) / this.markersPerSecond;
      return pulled;
    });
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

export interface PacerLimits {
  changesPerSecond: number;
  markersPerSecond: number;
  flood: { messages: number; seconds: number };
}

export const VIEW_PACING: PacerLimits = {
  changesPerSecond: VIEW_CHANGES_PER_SECOND,
  markersPerSecond: VIEW_MARKERS_PER_SECOND,
  flood: VIEW_FLOOD,
};

export class ViewPacer<T> {
  private waiting: { value: T } | null = null;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the next change may be applied. */
  private nextAt = Number.NEGATIVE_INFINITY;
  private windowStart = Number.NEGATIVE_INFINITY;
  private heardInWindow = 0;
  private stopped = false;
  /**
   * Applies a change; answers how many markers it pulled into the view. `superseded` tells it, as it
   * goes, whether a newer change is waiting (or the pacer stopped): the rest of it is then not worth doing.
   */
  private readonly apply: (value: T, superseded: () => boolean) => Promise<number>;
  private readonly limits: PacerLimits;
  private readonly now: () => number;
  /** The room's budget, shared by its clients' pacers; none in a test of one pacer alone. */
  private readonly budget: RoomViewBudget | null;

  constructor(
    apply: (value: T, superseded: () => boolean) => Promise<number>,
    limits: PacerLimits = VIEW_PACING,
    now: () => number = () => performance.now(),
    budget: RoomViewBudget | null = null,
  ) {
    this.apply = apply;
    this.limits = limits;
    this.now = now;
    this.budget = budget;
  }

  /**
   * Counts one view message (a box or a centre). Answers false once this client has sent more than
   * the flood allows in its window: the pacer then stops, and the caller closes the socket.
   */
  heard(): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.limits.flood.seconds * 1000) {
      this.windowStart = now;
      this.heardInWindow = 0;
    }
    if (++this.heardInWindow <= this.limits.flood.messages) return true;
    viewChanges.inc({ outcome: 'flooded' });
    this.stop();
    return false;
  }

  /** A new view: it replaces one still waiting, and is applied as soon as the pace allows. */
  push(value: T): void {
    if (this.stopped) return;
    if (this.waiting) viewChanges.inc({ outcome: 'dropped' });
    this.waiting = { value };
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.waiting = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.running || this.timer !== null || !this.waiting || this.stopped) return;
    const wait = this.nextAt - this.now();
    if (wait <= 0) {
      void this.run();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, wait);
  }

  private async run(): Promise<void> {
    if (!this.waiting || this.stopped) return;
    this.running = true;
    let started = this.now();
    let pulled = 0;
    // The latest view is taken when the turn comes: one pushed while waiting for the room's budget replaces it.
    const latest = async () => {
      const waiting = this.waiting;
      this.waiting = null;
      if (!waiting || this.stopped) return 0;
      started = this.now();
      const markers = await this.apply(waiting.value, () => this.waiting !== null || this.stopped);
      viewChanges.inc({ outcome: 'applied' });
      return markers;
    };
    try {
      pulled = await (this.budget ? this.budget.turn(latest) : latest());
    } finally {
      this.nextAt = started + Math.max(1000 / this.limits.changesPerSecond, (pulled * 1000) / this.limits.markersPerSecond);
      this.running = false;
      this.schedule();
    }
  }
}
