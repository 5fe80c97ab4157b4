import type { CommandOf } from '../../../schema/commands/index.ts';
import { setCollectibleApplied } from '../../domain/economy/collectibles.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

/** Applying a collectible and taking it off are one rule with two answers. */
export const applyCollectible: InTransaction<CommandOf<'collectible.apply' | 'collectible.unapply'>> = {
  inTransaction: true,
  async run(work, { type, collectibleId }) {
    return ok(await setCollectibleApplied(work, userOf(work.actor), collectibleId, type === 'collectible.apply'));
  },
};
