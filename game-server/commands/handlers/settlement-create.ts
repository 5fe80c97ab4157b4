import type { CommandOf } from '../../../schema/commands/index.ts';
import { createSettlement as create } from '../../domain/world/settlements.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, userOf, type InTransaction } from '../handler.ts';

export const createSettlement: InTransaction<CommandOf<'settlement.create'>> = {
  inTransaction: true,
  async run(work, { body: { userId: _actingUser, ...settlement } }) {
    // The audit line before the outbox, as in every command (see territory-move-pin.ts).
    await recordAudit(work.tx, {
      actorId: userOf(work.actor).id,
      action: 'settlement',
      subject: settlement.name,
      details: { type: settlement.type, latitude: settlement.latitude, longitude: settlement.longitude, basePrice: settlement.basePrice },
      at: work.now,
    });
    const territory = await create(work, settlement);
    await emit(work.tx, { type: 'territories.changed', territoryIds: [territory.id] });
    return created(territory);
  },
};
