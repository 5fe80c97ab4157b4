import type { CommandOf } from '../../../schema/commands/index.ts';
import { dismissAway as dismiss, markVisit } from '../../domain/away/presence.ts';
import { recordPlayDay } from '../../domain/seasons/progress.ts';
import { ok, userOf, type InTransaction } from '../handler.ts';

export const visit: InTransaction<CommandOf<'away.visit'>> = {
  inTransaction: true,
  async run(work) {
    const user = userOf(work.actor);
    const marked = await markVisit(work, user.id);
    await recordPlayDay(work, user.id);
    return ok(marked);
  },
};

export const dismissAway: InTransaction<CommandOf<'away.dismiss'>> = {
  inTransaction: true,
  async run(work) {
    return ok(await dismiss(work, userOf(work.actor).id));
  },
};
