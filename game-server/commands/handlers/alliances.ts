import type { CommandOf } from '../../../schema/commands/index.ts';
import {
  acceptApplication,
  declineApplication,
  foundAlliance,
  handOver,
  invite,
  leave,
  removeMember,
  requestToJoin,
  setRole,
  type AllianceOutcome,
} from '../../domain/alliances/membership.ts';
import { approvePayout, deposit, payOut, setDailyLimit, type PayoutOutcome } from '../../domain/alliances/treasury.ts';
import { noticesCreated } from '../../domain/notifications/notifications.ts';
import type { Work } from '../../domain/service-deps.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, ok, userOf, type Answer, type InTransaction } from '../handler.ts';
import type { Command } from '../../../schema/commands/index.ts';
import { memberIds, type Player } from '../../domain/alliances/alliance-rows.ts';

// docs/rules.md §4 "Alliances": each command runs its service in the pipeline's transaction and
// announces its notices and the balances it changed, last.

async function announce(work: Work, actor: Player, outcome: AllianceOutcome): Promise<void> {
  const balances = outcome.balances.length > 0 ? [{ type: 'balances.changed' as const, userIds: outcome.balances }] : [];
  // Its members see it at once, and so do those it touched from outside: the one who left or was
  // removed, invited, declined; read in the command's transaction, after the change.
  const userIds = new Set([
    actor.id,
    ...(await memberIds(work.tx, outcome.allianceId)),
    ...outcome.notices.map((notice) => notice.userId),
    ...outcome.balances,
    ...(outcome.touched ?? []),
  ]);
  await emit(work.tx, ...noticesCreated(outcome.notices), ...balances, {
    type: 'alliance.changed',
    allianceId: outcome.allianceId,
    userIds: [...userIds],
  });
}

function handler<C extends Command>(
  run: (work: Work, actor: Player, command: C) => Promise<AllianceOutcome | PayoutOutcome>,
  status: 200 | 201 = 200,
): InTransaction<C> {
  return {
    inTransaction: true,
    async run(work, command): Promise<Answer> {
      const actor = userOf(work.actor);
      const outcome = await run(work, actor, command);
      await announce(work, actor, outcome);
      const body = {
        message: outcome.message,
        alliance_id: outcome.allianceId,
        ...('payout' in outcome ? { payout: outcome.payout } : {}),
      };
      return status === 201 ? created(body) : ok(body);
    },
  };
}

export const foundAllianceCommand = handler<CommandOf<'alliance.found'>>((work, actor, { body }) => foundAlliance(work, actor, body), 201);
export const inviteCommand = handler<CommandOf<'alliance.invite'>>((work, actor, { allianceId, body }) =>
  invite(work, actor, allianceId, body.username),
);
export const requestCommand = handler<CommandOf<'alliance.request'>>((work, actor, { allianceId }) =>
  requestToJoin(work, actor, allianceId),
);
export const acceptCommand = handler<CommandOf<'alliance.accept'>>((work, actor, { applicationId }) =>
  acceptApplication(work, actor, applicationId),
);
export const declineCommand = handler<CommandOf<'alliance.decline'>>((work, actor, { applicationId }) =>
  declineApplication(work, actor, applicationId),
);
export const leaveCommand = handler<CommandOf<'alliance.leave'>>((work, actor, { allianceId }) => leave(work, actor, allianceId));
export const removeCommand = handler<CommandOf<'alliance.remove'>>((work, actor, { allianceId, body }) =>
  removeMember(work, actor, allianceId, body.username),
);
export const promoteCommand = handler<CommandOf<'alliance.promote'>>((work, actor, { allianceId, body }) =>
  setRole(work, actor, allianceId, body),
);
export const handOverCommand = handler<CommandOf<'alliance.hand-over'>>((work, actor, { allianceId, body }) =>
  handOver(work, actor, allianceId, body.username),
);
export const depositCommand = handler<CommandOf<'alliance.deposit'>>((work, actor, { allianceId, body }) =>
  deposit(work, actor, allianceId, body.amount),
);
export const setLimitCommand = handler<CommandOf<'alliance.set-limit'>>((work, actor, { allianceId, body }) =>
  setDailyLimit(work, actor, allianceId, body.daily_limit),
);
export const payOutCommand = handler<CommandOf<'alliance.pay-out'>>(
  (work, actor, { allianceId, body }) => payOut(work, actor, allianceId, body),
  201,
);
export const approveCommand = handler<CommandOf<'alliance.approve'>>((work, actor, { payoutId }) => approvePayout(work, actor, payoutId));
