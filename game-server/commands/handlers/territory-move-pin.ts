import type { CommandOf } from '../../../schema/commands/index.ts';
import { setTerritoryPosition } from '../../domain/world/positions.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { emit } from '../../infra/events/outbox.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

/** The Wanakt's pin move, from PATCH .../position and from the room's pin drop alike. */
export const moveTerritoryPin: InTransaction<CommandOf<'territory.move-pin'>> = {
  inTransaction: true,
  async run(work, { territoryId, body }) {
    // Row, then the audit line (whose key check shares the Wanakt's row), then the outbox: the order
    // every command takes its locks in, so a pin move and a purchase paying the treasury never deadlock.
    const territory = await lockTerritory(work.tx, territoryId);
    // The position it leaves too, so the desk can say where it was and a slip can be put back.
    const [from] = await work.tx<{ latitude: string; longitude: string }[]>`
      select latitude::text, longitude::text from territories where id = ${territoryId}`;
    await recordAudit(work.tx, {
      actorId: userOf(work.actor).id,
      action: 'pin',
      subject: territory.name,
      details: { territoryId, from, latitude: body.latitude, longitude: body.longitude },
      at: work.now,
    });
    const { name: _name, ...position } = await setTerritoryPosition(work, territoryId, body);
    await emit(work.tx, { type: 'territories.changed', territoryIds: [territoryId] });
    return ok({ message: 'Position saved', ...position });
  },
};
