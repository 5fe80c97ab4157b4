import type { z } from 'zod';
import type { ApplyCollectible, UnapplyCollectible } from '../../../schema/commands/economy.ts';
import { setCollectibleApplied } from '../../domain/economy/collectibles.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

/** Applying a collectible and taking it off are one rule with two answers. */
export const applyCollectible: InTransaction<z.infer<typeof ApplyCollectible | typeof UnapplyCollectible>> = {
  inTransaction: true,
  async run(work, { type, collectibleId }) {
    return ok(await setCollectibleApplied(work, userOf(work.actor), collectibleId, type === 'collectible.apply'));
  },
};
