import { Router } from 'express';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';

export function rentCycleRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.post('/rent/generate', commandRoute(deps, 'rent.generate'));
  return router;
}
