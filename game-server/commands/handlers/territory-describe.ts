import type { CommandOf } from '../../../schema/commands/index.ts';
import { describeTerritory as describe } from '../../domain/world/territory-edits.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, type InTransaction } from '../handler.ts';
import { requireOwner } from '../owner.ts';

export const describeTerritory: InTransaction<CommandOf<'territory.describe'>> = {
  inTransaction: true,
  async run(work, { type, territoryId, body }) {
    requireOwner(type, work.actor, await lockTerritory(work.tx, territoryId), 'describe it');
    const territory = await describe(work, territoryId, body.description);
    await emit(work.tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok({ message: 'Your territory description has been updated successfully!', territory });
  },
};
