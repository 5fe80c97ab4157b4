import type { CommandOf } from '../../../schema/commands/index.ts';
import { generateRentPeriod } from '../rent-run.ts';
import { ok, userOf, type OwnTransactions } from '../handler.ts';

/**
 * The Wanakt runs the rent cycle now (docs/rules.md §7). A period can hold 100,000 territories, so the cycle
 * commits in batches, each with its payments and its events; it is the same run the 6-month
 * job runs, and running a period twice creates nothing new.
 */
export const generateRent: OwnTransactions<CommandOf<'rent.generate'>> = {
  inTransaction: false,
  async run(deps, actor) {
    return ok(await generateRentPeriod(deps, undefined, { auditBy: userOf(actor).id }));
  },
};
