import type { CommandOf } from '../../../schema/commands/index.ts';
import { recordVisit } from '../../domain/ads/visits.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, type InTransaction } from '../handler.ts';

export const visitTerritory: InTransaction<CommandOf<'territory.visit'>> = {
  inTransaction: true,
  async run(work, { territoryId }) {
    const visit = await recordVisit(work, territoryId);
    await emit(work.tx, { type: 'territory.visited', territoryId, visits: visit.visits });
    return ok(visit);
  },
};
