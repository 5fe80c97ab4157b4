import type { z } from 'zod';
import type { BuyCollectible } from '../../../schema/commands/economy.ts';
import { purchaseCollectible } from '../../economy/collectibles.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const buyCollectible: InTransaction<z.infer<typeof BuyCollectible.schema>> = {
  inTransaction: true,
  async run(work, { collectibleId }) {
    return ok(await purchaseCollectible(work, userOf(work.actor), collectibleId));
  },
};
