import { Router } from 'express';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';

export function adminRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.post('/admin/create-territory', commandRoute(deps, 'settlement.create'));
  return router;
}
