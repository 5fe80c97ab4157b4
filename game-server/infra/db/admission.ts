import { performance } from 'node:perf_hooks';
import { currentRequest } from '../request-context.ts';
import { BUSY, unavailable } from './unavailable.ts';

export interface AdmissionOptions {
  /** Transactions run at once: fewer than the pool's connections, so plain reads still get one. */
  concurrency: number;
  /** Transactions that may wait for a turn; one more is refused at once. */
  queueLimit: number;
  /** How long after its request arrived a transaction may still start. */
  waitMs: number;
  /**
   * How long a transaction may run once started at the latest: past waitMs + runMs from its
   * request's arrival it is rolled back and refused (database.ts), so its caller hears before it gives up.
   */
  runMs: number;
}

export const ABANDONED = 'The request was given up before it started.';
export const GIVEN_UP_BEFORE_COMMIT = 'The request was given up before it was applied; nothing changed.';

interface Waiter {
  grant(): void;
  refuse(error: Error): void;
  gone: () => boolean;
}

/**
 * Load shedding in front of the pool: a transaction starts only while its request is still wanted
 * and within its wait budget. Under overload the caller gets a fast 503 with Retry-After instead of
 * a 20-second wait for a connection, and work for a client that has hung up is never started.
 */
export class Admission {
  private turns = 0;
  private readonly waiting: Waiter[] = [];

  private readonly options: AdmissionOptions;

  constructor(options: AdmissionOptions) {
    this.options = options;
  }

  /** When (performance.now()) the current request's transaction must have ended; none outside a request. */
  deadline(): number | undefined {
    const startedAt = currentRequest()?.startedAt;
    return startedAt === undefined ? undefined : startedAt + this.options.waitMs + this.options.runMs;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Transactions holding a turn now: back to 0 whenever none runs, whatever the driver did to them. */
  get running(): number {
    return this.turns;
  }

  /** Waits for a turn; the returned function ends it. Throws a 503 GameError when refused. */
  async enter(): Promise<() => void> {
    const request = currentRequest();
    const gone = request?.gone ?? (() => false);
    if (gone()) throw unavailable(ABANDONED);
    if (this.turns < this.options.concurrency) return this.granted();
    if (this.waiting.length >= this.options.queueLimit) throw unavailable(BUSY);
    const waited = request?.startedAt === undefined ? 0 : performance.now() - request.startedAt;
    const budget = this.options.waitMs - waited;
    if (budget <= 0) throw unavailable(BUSY);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        gone,
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(unavailable(BUSY));
      }, budget);
      this.waiting.push(waiter);
    });
    return this.granted(false);
  }

  /** Refuses every transaction still waiting (a draining process starts no more work). */
  shed(): void {
    for (const waiter of this.waiting.splice(0)) waiter.refuse(unavailable(BUSY));
  }

  private granted(count = true): () => void {
    if (count) this.turns++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.handOn();
    };
  }

  // The ending transaction's turn goes straight to the next waiter still wanted.
  private handOn(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      if (next.gone()) {
        next.refuse(unavailable(ABANDONED));
        continue;
      }
      next.grant();
      return;
    }
    this.turns--;
  }
}
