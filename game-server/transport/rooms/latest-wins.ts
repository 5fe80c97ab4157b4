/**
 * Passes on at most `perSecond` values a second. A value that comes too soon waits for its turn,
 * and a newer one replaces it while it waits, so the last value always lands: a dragged pin stops
 * where the pointer stopped.
 */
export class LatestWins<T> {
  private readonly interval: number;
  private lastAt = Number.NEGATIVE_INFINITY;
  private waiting: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  private readonly apply: (value: T) => void;
  private readonly now: () => number;

  constructor(perSecond: number, apply: (value: T) => void, now: () => number = () => performance.now()) {
    this.apply = apply;
    this.now = now;
    this.interval = 1000 / perSecond;
  }

  push(value: T): void {
    const wait = this.lastAt + this.interval - this.now();
    if (wait <= 0 && this.timer === null) {
      this.pass(value);
      return;
    }
    this.waiting = { value };
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /** Forgets a waiting value, as when the drag it belongs to ends. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.waiting = null;
  }

  private flush(): void {
    this.timer = null;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) this.pass(waiting.value);
  }

  private pass(value: T): void {
    this.lastAt = this.now();
    this.apply(value);
  }
}
