import type { CommandOf } from '../../../schema/commands/index.ts';
import { setTerritoryRent as setRent } from '../../domain/world/territory-edits.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const setTerritoryRent: InTransaction<CommandOf<'territory.set-rent'>> = {
  inTransaction: true,
  async run(work, { territoryId, body }) {
    const locked = await lockTerritory(work.tx, territoryId);
    // The audit line before the outbox, as in every command (see territory-move-pin.ts).
    await recordAudit(work.tx, {
      actorId: userOf(work.actor).id,
      action: 'rent',
      subject: locked.name,
      details: { territoryId, rentAmount: body.rentAmount },
      at: work.now,
    });
    const answer = await setRent(work, territoryId, body.rentAmount);
    await emit(work.tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok(answer);
  },
};
