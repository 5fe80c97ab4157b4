import type { CommandOf } from '../../../schema/commands/index.ts';
import {
  createTerritoryEvent as create,
  deleteTerritoryEvent as remove,
  updateTerritoryEvent as update,
} from '../../domain/world/events.ts';
import { created, ok, type InTransaction } from '../handler.ts';

// The Wanakt's calendar of territory events (docs/rules.md §2, the dashboard's right sidebar).

export const createTerritoryEvent: InTransaction<CommandOf<'territory-event.create'>> = {
  inTransaction: true,
  async run({ tx }, { body }) {
    return created(await create(tx, body));
  },
};

export const updateTerritoryEvent: InTransaction<CommandOf<'territory-event.update'>> = {
  inTransaction: true,
  async run({ tx }, { eventId, body }) {
    return ok(await update(tx, eventId, body));
  },
};

export const deleteTerritoryEvent: InTransaction<CommandOf<'territory-event.delete'>> = {
  inTransaction: true,
  async run({ tx }, { eventId }) {
    await remove(tx, eventId);
    return { status: 204 };
  },
};
