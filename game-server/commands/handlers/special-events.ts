import type { CommandOf } from '../../../schema/commands/index.ts';
import { createSpecialEvent as create, updateSpecialEvent as update } from '../../domain/world/events.ts';
import { created, ok, type InTransaction } from '../handler.ts';

// Realm-wide special events: their multipliers apply to earnings, rent and upgrades while they run.

export const createSpecialEvent: InTransaction<CommandOf<'special-event.create'>> = {
  inTransaction: true,
  async run({ tx, now }, { body }) {
    return created(await create(tx, body, now));
  },
};

export const updateSpecialEvent: InTransaction<CommandOf<'special-event.update'>> = {
  inTransaction: true,
  async run({ tx, now }, { eventId, body }) {
    return ok(await update(tx, eventId, body, now));
  },
};
