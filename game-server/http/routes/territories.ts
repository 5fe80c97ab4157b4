import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  AssignBody,
  DescriptionBody,
  ListingBody,
  PositionBody,
  PurchaseBody,
  RenameBody,
  RentBody,
  UpgradeBody,
} from '../../../schema/api/territories.ts';
import { TerritoryId, UserId } from '../../../schema/api/ids.ts';
import { assignTerritory, purchaseTerritory, setListing, territoryHistory } from '../../economy/market.ts';
import { upgradeTerritory } from '../../economy/upgrades.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { unauthenticated } from '../../errors.ts';
import { territoryHierarchy } from '../../world/hierarchy.ts';
import { setTerritoryPosition } from '../../world/positions.ts';
import { describeTerritory, renameTerritory, setTerritoryRent } from '../../world/territory-edits.ts';
import { listTerritories, listTerritoriesForSale, listTerritoriesOf, readTerritory } from '../../world/territories.ts';
import { recordVisit, visitsOf } from '../../world/visits.ts';
import type { HttpDeps } from '../deps.ts';
import { currentUser, requireSelf, requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

/** SPEC §7's territory calls, plus the market's listing and history. */
export function territoryRoutes(deps: HttpDeps): Router {
  const { sql } = deps;
  const router = Router();
  const territoryId = (params: Request['params']) => parseBody(TerritoryId, params.id);

  router.get('/territories', async (_req, res) => {
    res.json(await listTerritories(sql));
  });

  router.get('/territories/for-sale', async (_req, res) => {
    res.json(await listTerritoriesForSale(sql));
  });

  // The tree is answered as a list of its roots (SPEC §2: the main cities and every other
  // territory without a parent), each with its vassals nested under it, down to the villages.
  router.get('/territories/hierarchy', async (_req, res) => {
    res.json(await territoryHierarchy(sql));
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
    res.json({ history: await territoryHistory(sql, territoryId(req.params)) });
  });

  // Visitors need no account: a visit is what the ads aimed at the territory pay for.
  router.post('/territories/:id/visit', async (req, res) => {
    res.json(await recordVisit(deps, territoryId(req.params)));
  });

  // Every territory command has one shape: the gate first (so a missing session is 401 whatever
  // the body says), then the territory id, then the body, then the acting user the body names.
  const command =
    <T extends { userId?: string }>(gate: (res: Response) => unknown, schema: z.ZodType<T>, run: (actor: SessionUser, id: number, body: T) => Promise<unknown>) =>
    async (req: Request, res: Response) => {
      gate(res);
      const id = territoryId(req.params);
      const body = parseBody(schema, req.body);
      res.json(await run(requireSelf(res, body.userId), id, body));
    };
  const loggedInToBuy = (res: Response) => {
    if (!currentUser(res)) throw unauthenticated('Please log in to purchase territories');
  };

  router.post(
    '/territories/:id/purchase',
    command(loggedInToBuy, PurchaseBody, (buyer, id, body) => purchaseTerritory(deps, buyer, id, body.sale_price)),
  );

  router.post(
    '/territories/:id/upgrade',
    command(requireUser, UpgradeBody, (owner, id, body) => upgradeTerritory(deps, owner, id, body.upgrade_tier)),
  );

  router.patch(
    '/territories/:id/description',
    command(requireUser, DescriptionBody, async (owner, id, body) => ({
      message: 'Your territory description has been updated successfully!',
      territory: await describeTerritory(deps, owner, id, body.description),
    })),
  );

  router.patch(
    '/territories/:id/listing',
    command(requireUser, ListingBody, (owner, id, body) => setListing(deps, owner, id, body.sale_price)),
  );

  router.patch(
    '/territories/:id/position',
    command(requireWanakt, PositionBody, async (wanakt, id, body) => ({
      message: 'Position saved',
      ...(await setTerritoryPosition(deps, wanakt, id, body)),
    })),
  );

  router.patch(
    '/territories/:id/rent',
    command(requireWanakt, RentBody, (wanakt, id, body) => setTerritoryRent(deps, wanakt, id, body.rentAmount)),
  );

  // SPEC §7 names the recipient `userId` here; the acting user is the session's Wanakt.
  router.post('/territories/:id/assign', async (req, res) => {
    const wanakt = requireWanakt(res);
    const id = territoryId(req.params);
    const body = parseBody(AssignBody, req.body);
    res.json(await assignTerritory(deps, wanakt, id, body.userId, body.price));
  });

  router.patch(
    '/territories/:id',
    command(requireUser, RenameBody, async (actor, id, body) => ({
      message: 'Name saved successfully',
      territory: await renameTerritory(deps, actor, id, body.name),
    })),
  );

  return router;
}
