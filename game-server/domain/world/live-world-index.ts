import type { Sql } from '../../infra/db/database.ts';
import type { EventBus } from '../../infra/events/domain-events.ts';
import { loadWorldIndex, refreshWorldIndex, type WorldIndex } from './world-index.ts';

/** How often a read that needs a later event looks again whether the relay delivered it. */
const RELAY_POLL_MS = 10;
/** How long it waits for that before it reads the index afresh instead. */
const RELAY_WAIT_MS = 2000;

/**
 * The one world index of a process (world-index.ts), which the map's REST view and the room's views
 * both read. It is loaded as the process starts and kept current from the events every process
 * hears (a purchase, a listing, a pin move or a new settlement re-reads only the territories its
 * event names); a resync reloads it. A read waits for the updates of the events already heard, so
 * whoever made a change sees it in the next box it reads. The process is ready for visitors once
 * the first load finished (health.ts): before that, every view would wait for it.
 */
export class LiveWorldIndex {
  private index: Promise<WorldIndex> | null = null;
  private updates: Promise<unknown> = Promise.resolve();
  private everLoaded = false;
  /** The number of the last event the relay delivered here. */
  private heard = 0;
  private readonly listeners = new Set<() => void>();

  private readonly sql: Sql;

  constructor(events: EventBus, sql: Sql) {
    this.sql = sql;
    events.subscribe((event, seq) => {
      this.heard = Math.max(this.heard, seq);
      if (event.type === 'world.resync') {
        this.index = null;
        this.changed();
      } else if (event.type === 'territories.changed') {
        this.changed();
        const loading = this.index;
        if (loading) this.updates = this.updates.then(() => this.refresh(loading, event.territoryIds));
      }
    });
    // Loaded as the process starts, beside its first requests; a failed load is tried again by the
    // next read or readiness probe.
    this.loading();
  }

  /** Whether the index has loaded once; if no load is under way (the last one failed), starts one. */
  get loaded(): boolean {
    this.loading();
    return this.everLoaded;
  }

  /** The index as of every event heard so far. */
  async current(): Promise<WorldIndex> {
    for (let updates = this.updates; ; updates = this.updates) {
      await updates;
      if (updates === this.updates) break;
    }
    return this.loading();
  }

  /**
   * The index as of outbox event `seq` at least (a snapshot's head, whose rows the caller read): it
   * waits for the relay to deliver what the index has not heard yet, or reads it afresh when the
   * relay is slow to.
   */
  async through(seq: number): Promise<WorldIndex> {
    for (let waited = 0; ; waited += RELAY_POLL_MS) {
      const heard = this.heard;
      const index = await this.current();
      if (Math.max(heard, index.asOf) >= seq) return index;
      if (waited >= RELAY_WAIT_MS) {
        if (this.index && (await this.index) === index) this.index = null;
        waited = 0;
      } else await new Promise((resolve) => setTimeout(resolve, RELAY_POLL_MS));
    }
  }

  /** Calls `listener` whenever what the index answers may have changed: as an event arrives, and once the index shows it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private loading(): Promise<WorldIndex> {
    if (this.index) return this.index;
    const loading = loadWorldIndex(this.sql);
    this.index = loading;
    loading.then(
      () => (this.everLoaded = true),
      () => {
        if (this.index === loading) this.index = null;
      },
    );
    return loading;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async refresh(loading: Promise<WorldIndex>, ids: readonly number[]): Promise<void> {
    try {
      await refreshWorldIndex(this.sql, await loading, ids);
    } catch {
      // An index that missed a change would show it wrong until the next resync: it is read afresh instead.
      if (this.index === loading) this.index = null;
    }
    this.changed();
  }
}
