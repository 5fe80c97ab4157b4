import { Router } from 'express';
import { ProfileUsernameParam } from '../../../../schema/api/profiles.ts';
import { playerProfile } from '../../../domain/social/profiles.ts';
import type { HttpDeps } from '../deps.ts';
import { byPlayerOrAddress, limitRequests } from '../rate-limit.ts';
import { parseBody } from '../validate.ts';

/** Public profiles: anyone may read one, so each reader has a budget. */
export function profileRoutes({ sql, clock, limits }: HttpDeps): Router {
  const router = Router();

  router.get(
    '/players/:username',
    limitRequests(limits.doors.profile, byPlayerOrAddress, 'Too many profile requests.'),
    async (req, res) => {
      res.json(await playerProfile(sql, parseBody(ProfileUsernameParam, req.params.username), clock()));
    },
  );

  return router;
}
