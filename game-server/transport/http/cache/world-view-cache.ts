import type { BoundingBox } from '../../../../schema/api/territory-list.ts';
import type { WorldViewDto } from '../../../../schema/api/world-view.ts';
import { loadWorldIndex, refreshWorldIndex, type WorldIndex } from '../../../domain/world/world-index.ts';
import { readViewTerritories } from '../../../domain/world/territories.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { EventBus } from '../../../infra/events/domain-events.ts';
import { compressBody, type CompressedBody } from './compressed-body.ts';

/** How many boxes' answers are kept at once; the least recently read goes first. */
const MAX_ANSWERS = 128;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The world's spatial index and the answers of the map's boxes. The index is loaded as the process
 * starts and kept current from the events every process hears (a purchase, a listing, a pin move or
 * a new settlement re-reads only the territories its event names); a resync reloads it. A read
 * waits for the updates of the events already heard, so whoever made a change sees it in the next
 * box it reads. Answers are serialised and compressed once and dropped at the next change.
 */
export class WorldViewCache {
  private index: Promise<WorldIndex> | null = null;
  private updates: Promise<unknown> = Promise.resolve();
  /** Dropped whole at every change, answers still being computed included. */
  private answers = new Map<string, Promise<CompressedBody>>();

  constructor(
    events: EventBus,
    private readonly sql: Sql,
  ) {
    events.subscribe((event) => {
      if (event.type === 'world.resync') {
        this.index = null;
        this.dropAnswers();
      } else if (event.type === 'territories.changed') {
        this.dropAnswers();
        const loading = this.index;
        if (loading) this.updates = this.updates.then(() => this.refresh(loading, event.territoryIds));
      }
    });
    // Loaded as the process starts, beside its first requests, so the first visitor does not wait
    // for a million rows; a failed load is tried again by the first read.
    this.current().catch(() => undefined);
  }

  /** The index as of every event heard so far. */
  async current(): Promise<WorldIndex> {
    for (let updates = this.updates; ; updates = this.updates) {
      await updates;
      if (updates === this.updates) break;
    }
    if (!this.index) {
      const loading = loadWorldIndex(this.sql);
      this.index = loading;
      loading.catch(() => {
        if (this.index === loading) this.index = null;
      });
    }
    return this.index;
  }

  /** The box's answer by the view rule, compressed; the same bytes (and ETag) until a territory changes. */
  async answer(box: BoundingBox, zoom: number): Promise<CompressedBody> {
    const index = await this.current();
    const key = `${box.minLongitude},${box.minLatitude},${box.maxLongitude},${box.maxLatitude},${zoom}`;
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const pending = (async () => {
      const { ids, clusters } = index.view(box, zoom);
      const answer: WorldViewDto = { clusters, territories: await readViewTerritories(this.sql, ids) };
      return compressBody(JSON.stringify(answer), JSON_TYPE);
    })();
    this.answers.set(key, pending);
    if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    pending.catch(() => {
      if (this.answers.get(key) === pending) this.answers.delete(key);
    });
    return pending;
  }

  private dropAnswers(): void {
    this.answers.clear();
  }

  private async refresh(loading: Promise<WorldIndex>, ids: readonly number[]): Promise<void> {
    try {
      await refreshWorldIndex(this.sql, await loading, ids);
    } catch {
      // An index that missed a change would show it wrong until the next resync: it is read afresh instead.
      if (this.index === loading) this.index = null;
    }
    this.dropAnswers();
  }
}
