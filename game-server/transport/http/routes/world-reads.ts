import compression from 'compression';
import type { RequestHandler, Response, Router } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { encodeCursor, takePage } from '../../../../schema/api/pages.ts';
import { HierarchyQuery } from '../../../../schema/api/territories.ts';
import {
  ListingPageQuery,
  NEXT_CURSOR_HEADER,
  pickFields,
  TerritoryListQuery,
  WORLD_PAGE_SIZE,
  WHOLE_WORLD,
  WORLD_SEQ_HEADER,
  type WorldChangesDto,
} from '../../../../schema/api/territory-list.ts';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import type { DomainEvent } from '../../../infra/events/domain-events.ts';
import { WORLD_READS_PER_MINUTE } from '../../../infra/limits/door-limits.ts';
import { take } from '../../../infra/limits/take.ts';
import { rootsOrVassals, territoryHierarchy } from '../../../domain/world/hierarchy.ts';
import { territoriesAt, territoriesChangedSince, worldAt, type WorldAt } from '../../../domain/world/changes.ts';
import { pageTerritoriesForSale } from '../../../domain/world/territories.ts';
import { sendCompressed } from '../cache/compressed-body.ts';
import { ReadCache } from '../cache/read-cache.ts';
import { WorldViewCache } from '../cache/world-view-cache.ts';
import type { HttpDeps } from '../deps.ts';
import { byAddress, limitRequests } from '../rate-limit.ts';
import { parseBody } from '../validate.ts';
import { readRouter, type ReadBinding } from '../reads/serve.ts';
import { ForSaleRead, HierarchyRead, WorldRead } from '../../../../schema/reads/territories.ts';

/** Says where the next page of a list starts, when one follows. */
function nextPage(res: Response, next: unknown): void {
  if (next !== null) res.setHeader(NEXT_CURSOR_HEADER, encodeCursor(next));
}

/**
 * The public lists of the world that every visitor reads: answered from memory, serialised and
 * compressed once, until a territory changes. They need no account, so app.ts can answer them
 * ahead of the body parser and the session (see `unlessKeyed`). No answer grows with the world: the
 * lists come a page at a time, and the map reads a box at its zoom from the spatial index
 * (WorldViewCache), so a million territories cost a visitor what a few thousand do.
 *
 * Their budget per address is counted in this process's memory, not in Redis or the database:
 * a shared counter would cost each read a round trip, more than the read itself. A browser reads
 * the world a few times a visit; the budget is there against floods, for addresses that many
 * players share as much as for one.
 */
export function worldReadRoutes(deps: HttpDeps, readsPerMinute: number = WORLD_READS_PER_MINUTE): Router {
  const { sql } = deps;
  // Declared in schema/reads/territories.ts; each answers by itself, most from memory, compressed once.
  const bindings: ReadBinding[] = [];
  const bind = (read: ReadBinding['read'], ...handlers: RequestHandler[]) => bindings.push({ read, handlers });
  const budget = limitRequests(
    new RateLimiterMemory({ keyPrefix: 'world-reads', points: readsPerMinute, duration: 60 }),
    byAddress,
    'Too many world reads from your address.',
  );
  const territoriesChanged = (event: DomainEvent) => event.type === 'territories.changed';
  // The first pages, which every reader without a query asks for, are kept; later pages are read per request.
  const world = new ReadCache(
    deps.events,
    territoriesChanged,
    () => worldAt(sql),
    (at) => at.rows,
  );
  const forSale = new ReadCache(
    deps.events,
    territoriesChanged,
    () => pageTerritoriesForSale(sql, { after: null, limit: WORLD_PAGE_SIZE }),
    (page) => page.rows,
  );
  const hierarchy = new ReadCache(
    deps.events,
    territoriesChanged,
    () => territoryHierarchy(sql),
    (page) => page.rows,
  );
  const view = new WorldViewCache(deps.world, sql);
  // Most reads ask for the first page with no query at all: they skip parsing and validating one,
  // and the compressor, since their answer is kept compressed already. An answer built per request
  // (changes since a sequence, a page past the first, a shape not kept) is compressed as it goes;
  // the compressor leaves a kept one, which says its encoding, alone.
  const hasQuery = (url: string) => url.includes('?');
  const compress = compression({ threshold: 1024 });
  const compressComputed: RequestHandler = (req, res, next) => (hasQuery(req.url) ? compress(req, res, next) : next());

  bind(WorldRead, budget, compressComputed, async (req, res) => {
    const query: TerritoryListQuery = hasQuery(req.url) ? parseBody(TerritoryListQuery, req.query) : {};
    const { fields, bbox, since, zoom } = query;
    const page = { after: query.cursor ?? null, limit: query.limit ?? WORLD_PAGE_SIZE };
    const shape = (territories: TerritoryDto[]) => (fields ? territories.map((territory) => pickFields(territory, fields)) : territories);
    if (zoom !== undefined) {
      sendCompressed(req, res, await view.answer(bbox ?? WHOLE_WORLD, zoom));
      return;
    }
    if (since !== undefined) {
      // The first page is one answer kept in memory; a read of changes reaches the database.
      await take(deps.limits.doors.worldChanges, byAddress(req), 'Too many world change reads.');
      const changed = await territoriesChangedSince(sql, since);
      const answer = changed ?? (await world.read()).data;
      res.setHeader(WORLD_SEQ_HEADER, String(answer.seq));
      nextPage(res, answer.next);
      res.json({ seq: answer.seq, full: changed === null, territories: shape(answer.rows) } satisfies WorldChangesDto);
      return;
    }
    const sendList = (answer: WorldAt) => {
      res.setHeader(WORLD_SEQ_HEADER, String(answer.seq));
      nextPage(res, answer.next);
      res.json(shape(answer.rows));
    };
    if (bbox) {
      const { rows: ids, next } = takePage(
        (await deps.world.current()).idsInBox(bbox, page.after ?? 0, page.limit),
        page.limit,
        (id) => id,
      );
      sendList({ ...(await territoriesAt(sql, ids)), next });
      return;
    }
    if (page.after !== null || query.limit !== undefined) {
      sendList(await worldAt(sql, page));
      return;
    }
    const { data, body } = await world.read();
    res.setHeader(WORLD_SEQ_HEADER, String(data.seq));
    nextPage(res, data.next);
    if (fields) {
      const kept = world.variant(fields.join(','), (at) => shape(at.rows));
      if (kept) sendCompressed(req, res, await kept);
      else res.json(shape(data.rows));
      return;
    }
    sendCompressed(req, res, body);
  });

  bind(ForSaleRead, budget, compressComputed, async (req, res) => {
    const query: ListingPageQuery = hasQuery(req.url) ? parseBody(ListingPageQuery, req.query) : {};
    if (query.cursor === undefined && query.limit === undefined) {
      const { data, body } = await forSale.read();
      nextPage(res, data.next);
      sendCompressed(req, res, body);
      return;
    }
    const listings = await pageTerritoriesForSale(sql, { after: query.cursor ?? null, limit: query.limit ?? WORLD_PAGE_SIZE });
    nextPage(res, listings.next);
    res.json(listings.rows);
  });

  // The tree is answered as a list of its roots (docs/rules.md §2: the main cities and every other
  // territory without a parent), each with its vassals nested under it, down to the villages; a
  // larger world than a page holds as its roots alone, each branch then read with ?lord=.
  bind(HierarchyRead, budget, compressComputed, async (req, res) => {
    const query: HierarchyQuery = hasQuery(req.url) ? parseBody(HierarchyQuery, req.query) : {};
    if (query.lord === undefined && query.cursor === undefined && query.limit === undefined) {
      const { data, body } = await hierarchy.read();
      nextPage(res, data.next);
      sendCompressed(req, res, body);
      return;
    }
    const branch = await rootsOrVassals(sql, query.lord ?? null, { after: query.cursor ?? null, limit: query.limit ?? WORLD_PAGE_SIZE });
    nextPage(res, branch.next);
    res.json(branch.rows);
  });

  return readRouter(deps, bindings);
}

/**
 * Hands a call to `routes` unless it carries an API key: a keyed call goes the long way, through
 * the key check, so its scope is checked and its budget counted, even for a public read.
 */
export function unlessKeyed(routes: RequestHandler): RequestHandler {
  return (req, res, next) => (req.headers.authorization === undefined ? routes(req, res, next) : next());
}
