import type { CommandOf } from '../../../schema/commands/index.ts';
import { renameTerritory as rename } from '../../domain/world/territory-edits.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { refuseTerritoryName } from '../territory-names.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, type InTransaction } from '../handler.ts';
import { requireOwner } from '../owner.ts';

export const renameTerritory: InTransaction<CommandOf<'territory.rename'>> = {
  inTransaction: true,
  async run(work, { type, territoryId, body }) {
    requireOwner(type, work.actor, await lockTerritory(work.tx, territoryId), 'rename it');
    await refuseTerritoryName(work.tx, body.name, { territoryId, byWanakt: work.actor.user?.is_wanakt === true });
    const territory = await rename(work, territoryId, body.name);
    await emit(work.tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok({ message: 'Name saved successfully', territory });
  },
};
