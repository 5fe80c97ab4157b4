import { Router, type Request } from 'express';
import type { CommandType } from '../../../schema/commands/index.ts';
import { TerritoryId, UserId } from '../../../schema/api/ids.ts';
import { MarketplaceQuery } from '../../../schema/api/marketplace.ts';
import { pageAnswer, pageRequest } from '../../../schema/api/pages.ts';
import { HistoryPageQuery } from '../../../schema/api/territories.ts';
import { insideBox, pickFields, TerritoryListQuery, WORLD_SEQ_HEADER, type WorldChangesDto } from '../../../schema/api/territory-list.ts';
import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { pageTerritoryHistory, territoryHistory } from '../../economy/market.ts';
import { territoryHierarchy } from '../../world/hierarchy.ts';
import { worldAt, territoriesChangedSince } from '../../world/changes.ts';
import { listTerritoriesForSale, listTerritoriesOf, readTerritory, searchMarketplace } from '../../world/territories.ts';
import { visitsOf } from '../../ads/visits.ts';
import { sendCompressed } from '../cache/compressed-body.ts';
import { ReadCache } from '../cache/read-cache.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { HttpDeps } from '../deps.ts';
import { commandRoute } from '../command.ts';
import { byAddress, limitRequests } from '../rate-limit.ts';
import { parseBody } from '../validate.ts';
import { take } from '../../limits/take.ts';

/** SPEC §7's territory calls, plus the market's listing and history. */
export function territoryRoutes(deps: HttpDeps): Router {
  const { sql } = deps;
  const router = Router();
  const territoryId = (params: Request['params']) => parseBody(TerritoryId, params.id);

  // The public lists every visitor reads answer from memory until a territory changes.
  const territoriesChanged = (event: DomainEvent) => event.type === 'territories.changed';
  const world = new ReadCache(deps.events, territoriesChanged, () => worldAt(sql), (at) => at.territories);
  const forSale = new ReadCache(deps.events, territoriesChanged, () => listTerritoriesForSale(sql));
  const hierarchy = new ReadCache(deps.events, territoriesChanged, () => territoryHierarchy(sql));

  router.get('/territories', async (req, res) => {
    const { fields, bbox, since } = parseBody(TerritoryListQuery, req.query);
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
      res.json(shape(data.territories.filter((territory) => insideBox(territory, bbox))));
      return;
    }
    if (fields) {
      sendCompressed(req, res, await world.variant(fields.join(','), (at) => shape(at.territories)));
      return;
    }
    sendCompressed(req, res, body);
  });

  router.get('/territories/for-sale', async (req, res) => {
    sendCompressed(req, res, (await forSale.read()).body);
  });

  router.get('/marketplace', limitRequests(deps.limits.doors.marketplace, byAddress, 'Too many marketplace searches from your address.'), async (req, res) => {
    res.json(await searchMarketplace(sql, parseBody(MarketplaceQuery, req.query)));
  });

  // The tree is answered as a list of its roots (SPEC §2: the main cities and every other
  // territory without a parent), each with its vassals nested under it, down to the villages.
  router.get('/territories/hierarchy', async (req, res) => {
    sendCompressed(req, res, (await hierarchy.read()).body);
  });

  router.get('/territories/user/:userId', async (req, res) => {
    res.json(await listTerritoriesOf(sql, parseBody(UserId, req.params.userId)));
  });

  router.get('/territories/:id', async (req, res) => {
    res.json(await readTerritory(sql, territoryId(req.params)));
  });

  router.get('/territories/:id/visits', async (req, res) => {
    res.json(await visitsOf(sql, territoryId(req.params)));
  });

  router.get('/territories/:id/history', async (req, res) => {
    const id = territoryId(req.params);
    const page = pageRequest(parseBody(HistoryPageQuery, req.query));
    if (!page) {
      res.json({ history: await territoryHistory(sql, id) });
      return;
    }
    const { items, next_cursor } = pageAnswer(await pageTerritoryHistory(sql, id, page));
    res.json({ history: items, next_cursor });
  });

  const command = (type: CommandType) => commandRoute(deps, type, (req) => ({ territoryId: req.params.id, body: req.body }));
  // Visitors need no account: a visit is what the ads aimed at the territory pay for.
  router.post(
    '/territories/:id/visit',
    limitRequests(deps.limits.doors.visit, byAddress, 'Too many visits from your address.'),
    commandRoute(deps, 'territory.visit', (req) => ({ territoryId: req.params.id })),
  );
  router.post('/territories/:id/purchase', command('territory.purchase'));
  router.post('/territories/:id/upgrade', command('territory.upgrade'));
  router.patch('/territories/:id/description', command('territory.describe'));
  router.patch('/territories/:id/listing', command('territory.list'));
  router.patch('/territories/:id/position', command('territory.move-pin'));
  router.patch('/territories/:id/rent', command('territory.set-rent'));
  // SPEC §7 names the recipient `userId` here; the acting user is the session's Wanakt.
  router.post('/territories/:id/assign', command('territory.assign'));
  router.patch('/territories/:id', command('territory.rename'));

  return router;
}
