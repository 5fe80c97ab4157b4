import type { BoundingBox } from '../../../../schema/rules/viewport.ts';
import type { WorldViewDto } from '../../../../schema/api/world-view.ts';
import type { LiveWorldIndex } from '../../../domain/world/live-world-index.ts';
import { readViewTerritories } from '../../../domain/world/territories.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { compressBody, type CompressedBody } from './compressed-body.ts';

/** How many boxes' answers are kept at once; the least recently read goes first. */
const MAX_ANSWERS = 128;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answers of the map's boxes, from the process's world index (live-world-index.ts): serialised
 * and compressed once, and dropped at the next change.
 */
export class WorldViewCache {
  /** Dropped whole at every change, answers still being computed included. */
  private answers = new Map<string, Promise<CompressedBody>>();

  private readonly world: LiveWorldIndex;
  private readonly sql: Sql;

  constructor(world: LiveWorldIndex, sql: Sql) {
    this.world = world;
    this.sql = sql;
    world.onChange(() => this.answers.clear());
  }

  /** The box's answer by the view rule, compressed; the same bytes (and ETag) until a territory changes. */
  async answer(box: BoundingBox, zoom: number): Promise<CompressedBody> {
    const index = await this.world.current();
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
}
