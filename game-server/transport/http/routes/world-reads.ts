import compression from 'compression';
import { Router, type RequestHandler } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { pickFields, TerritoryListQuery, WORLD_SEQ_HEADER, type WorldChangesDto } from '../../../../schema/api/territory-list.ts';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import { insideBox } from '../../../../schema/rules/viewport.ts';
import type { DomainEvent } from '../../../infra/events/domain-events.ts';
import { WORLD_READS_PER_MINUTE } from '../../../infra/limits/door-limits.ts';
import { take } from '../../../infra/limits/take.ts';
import { territoryHierarchy } from '../../../domain/world/hierarchy.ts';
import { territoriesChangedSince, worldAt } from '../../../domain/world/changes.ts';
import { listTerritoriesForSale } from '../../../domain/world/territories.ts';
import { sendCompressed } from '../cache/compressed-body.ts';
import { ReadCache } from '../cache/read-cache.ts';
import type { HttpDeps } from '../deps.ts';
import { byAddress, limitRequests } from '../rate-limit.ts';
import { parseBody } from '../validate.ts';

/**
 * The public lists of the world that every visitor reads: answered from memory, serialised and
 * compressed once, until a territory changes. They need no account, so app.ts can answer them
 * ahead of the body parser and the session (see `unlessKeyed`).
 *
 * Their budget per address is counted in this process's memory, not in Redis or the database:
 * a shared counter would cost each read a round trip, more than the read itself. A browser reads
 * the world a few times a visit; the budget is there against floods, for addresses that many
 * players share as much as for one.
 */
export function worldReadRoutes(deps: HttpDeps, readsPerMinute: number = WORLD_READS_PER_MINUTE): Router {
  const { sql } = deps;
  const router = Router();
  const budget = limitRequests(
    new RateLimiterMemory({ keyPrefix: 'world-reads', points: readsPerMinute, duration: 60 }),
    byAddress,
    'Too many world reads from your address.',
  );
  const territoriesChanged = (event: DomainEvent) => event.type === 'territories.changed';
  const world = new ReadCache(
    deps.events,
    territoriesChanged,
    () => worldAt(sql),
    (at) => at.territories,
  );
  const forSale = new ReadCache(deps.events, territoriesChanged, () => listTerritoriesForSale(sql));
  const hierarchy = new ReadCache(deps.events, territoriesChanged, () => territoryHierarchy(sql));
  // Most reads ask for the whole world with no query at all: they skip parsing and validating one,
  // and the compressor, since their answer is kept compressed already. An answer built per request
  // (changes since a sequence, a box of the map, a shape not kept) is compressed as it goes; the
  // compressor leaves a kept one, which says its encoding, alone.
  const hasQuery = (url: string) => url.includes('?');
  const compress = compression({ threshold: 1024 });
  const compressComputed: RequestHandler = (req, res, next) => (hasQuery(req.url) ? compress(req, res, next) : next());

  router.get('/territories', budget, compressComputed, async (req, res) => {
    const query: TerritoryListQuery = hasQuery(req.url) ? parseBody(TerritoryListQuery, req.query) : {};
    const { fields, bbox, since } = query;
    const shape = (territories: TerritoryDto[]) => (fields ? territories.map((territory) => pickFields(territory, fields)) : territories);
    if (since !== undefined) {
      // The whole list is one answer kept in memory; a read of changes reaches the database.
      await take(deps.limits.doors.worldChanges, byAddress(req), 'Too many world change reads.');
      const changed = await territoriesChangedSince(sql, since);
      const answer = changed ?? (await world.read()).data;
      res.setHeader(WORLD_SEQ_HEADER, String(answer.seq));
      res.json({ seq: answer.seq, full: changed === null, territories: shape(answer.territories) } satisfies WorldChangesDto);
      return;
    }
    const { data, body } = await world.read();
    res.setHeader(WORLD_SEQ_HEADER, String(data.seq));
    if (bbox) {
      res.json(shape(data.territories.filter((territory) => insideBox(Number(territory.latitude), Number(territory.longitude), bbox))));
      return;
    }
    if (fields) {
      const kept = world.variant(fields.join(','), (at) => shape(at.territories));
      if (kept) sendCompressed(req, res, await kept);
      else res.json(shape(data.territories));
      return;
    }
    sendCompressed(req, res, body);
  });

  router.get('/territories/for-sale', budget, async (req, res) => {
    sendCompressed(req, res, (await forSale.read()).body);
  });

  // The tree is answered as a list of its roots (docs/rules.md §2: the main cities and every other
  // territory without a parent), each with its vassals nested under it, down to the villages.
  router.get('/territories/hierarchy', budget, async (req, res) => {
    sendCompressed(req, res, (await hierarchy.read()).body);
  });

  return router;
}

/**
 * Hands a call to `routes` unless it carries an API key: a keyed call goes the long way, through
 * the key check, so its scope is checked and its budget counted, even for a public read.
 */
export function unlessKeyed(routes: RequestHandler): RequestHandler {
  return (req, res, next) => (req.headers.authorization === undefined ? routes(req, res, next) : next());
}
