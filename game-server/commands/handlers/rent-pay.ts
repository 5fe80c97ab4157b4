import type { z } from 'zod';
import type { PayRent } from '../../../schema/commands/economy.ts';
import { payRent as pay } from '../../economy/rent-payments.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const payRent: InTransaction<z.infer<typeof PayRent.schema>> = {
  inTransaction: true,
  async run(work, { paymentId }) {
    return ok(await pay(work, userOf(work.actor), paymentId));
  },
};
