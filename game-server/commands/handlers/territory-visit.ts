import type { z } from 'zod';
import type { VisitTerritory } from '../../../schema/commands/territories.ts';
import { recordVisit } from '../../ads/visits.ts';
import { ok, type InTransaction } from '../handler.ts';

export const visitTerritory: InTransaction<z.infer<typeof VisitTerritory>> = {
  inTransaction: true,
  async run(work, { territoryId }) {
    return ok(await recordVisit(work, territoryId));
  },
};
