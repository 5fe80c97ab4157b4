import { z } from 'zod';
import {
  AllianceAnswerDto,
  DailyLimitBody,
  DepositBody,
  FoundAllianceBody,
  NoBody,
  PayoutAnswerDto,
  PayoutBody,
  PlayerNameBody,
  RoleBody,
} from '../api/alliances.ts';
import { AllianceChatMessageDto, AllianceChatPostBody } from '../api/chat.ts';
import { ALLIANCE_FOUNDING_FEE } from '../rules/alliances.ts';
import { player } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId, type CommandCall } from './registry.ts';

// docs/rules.md §4 "Alliances": every write on an alliance. Who may send it (a member, an officer,
// the leader, the invited player) is asked once the alliance is locked.

const LOGIN = 'Please log in to take part in an alliance';
const allianceParams = { id: pathId('allianceId', 'Alliance id') };
const common = { scope: 'alliance', tag: 'Alliances', errors: [403, 404, 409] } as const satisfies Partial<CommandCall>;
const answered = (description: string, status: 200 | 201 = 200) => ({ status, schema: AllianceAnswerDto, description });

/** A write on one alliance: `POST /alliances/{id}/<action>`. */
const onAlliance = <T extends string, S extends z.ZodType>(type: T, body: S, action: string, summary: string, done: string) =>
  declareCommand(z.object({ type: z.literal(type), allianceId: TargetId('Alliance id'), body: payload(body) }), player(LOGIN), {
    ...common,
    method: 'post',
    path: `/alliances/:id/${action}`,
    params: allianceParams,
    summary,
    ok: answered(done),
  });

export const FoundAlliance = declareCommand(
  z.object({ type: z.literal('alliance.found'), body: payload(FoundAllianceBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliances',
    summary: `Found an alliance for ${ALLIANCE_FOUNDING_FEE} DRK, paid to the Wanakt's treasury; you lead it`,
    description:
      "The name and the tag follow the name rules of usernames, and neither may look like an open alliance's (the same confusable skeleton as players' names): such a name or tag is refused with 409.",
    ok: answered('Founded', 201),
  },
);
export const InviteToAlliance = onAlliance(
  'alliance.invite',
  PlayerNameBody,
  'invitations',
  'Invite a player (officers and the leader)',
  'Invited',
);
export const RequestToJoin = onAlliance('alliance.request', NoBody, 'requests', 'Ask to join an alliance', 'Asked');
export const AcceptApplication = declareCommand(
  z.object({ type: z.literal('alliance.accept'), applicationId: TargetId('Invitation or request id'), body: payload(NoBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliance-applications/:id/accept',
    params: { id: pathId('applicationId', 'Invitation or request id') },
    summary: 'Accept an invitation to you, or (an officer) a request to join',
    ok: answered('Joined'),
  },
);
export const DeclineApplication = declareCommand(
  z.object({ type: z.literal('alliance.decline'), applicationId: TargetId('Invitation or request id'), body: payload(NoBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliance-applications/:id/decline',
    params: { id: pathId('applicationId', 'Invitation or request id') },
    summary:
      'Say no to an invitation or request: the invited player, the player who asked, or (an officer) the alliance; it ends unanswered',
    ok: answered('Declined'),
  },
);
export const LeaveAlliance = onAlliance(
  'alliance.leave',
  NoBody,
  'leave',
  'Leave your alliance; the last member to leave closes it and receives its treasury',
  'Left',
);
export const RemoveMember = onAlliance(
  'alliance.remove',
  PlayerNameBody,
  'remove',
  'Remove a member (officers; the leader removes officers too)',
  'Removed',
);
export const PromoteMember = onAlliance(
  'alliance.promote',
  RoleBody,
  'role',
  'Make a member an officer, or an officer a member (the leader)',
  'Saved',
);
export const HandOverAlliance = onAlliance(
  'alliance.hand-over',
  PlayerNameBody,
  'hand-over',
  'Hand the leadership to another member',
  'Handed over',
);
export const DepositToAlliance = onAlliance(
  'alliance.deposit',
  DepositBody,
  'deposit',
  "Deposit DRK into your alliance's treasury",
  'Deposited',
);
export const SetAllianceLimit = declareCommand(
  z.object({ type: z.literal('alliance.set-limit'), allianceId: TargetId('Alliance id'), body: payload(DailyLimitBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'patch',
    path: '/alliances/:id/daily-limit',
    params: allianceParams,
    summary: 'Set how much may be paid out a day (UTC) without a second approval (the leader)',
    ok: answered('Saved'),
  },
);
export const PayOut = declareCommand(
  z.object({ type: z.literal('alliance.pay-out'), allianceId: TargetId('Alliance id'), body: payload(PayoutBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliances/:id/payouts',
    params: allianceParams,
    summary: 'Pay DRK from the treasury to a member (officers and the leader)',
    description:
      "Sent at once while the day's payouts stay within the daily limit; otherwise the payout waits (status pending) and nothing moves until another officer approves it. The treasury never goes below zero.",
    ok: { status: 201, schema: PayoutAnswerDto, description: 'Sent, or waiting for approval' },
  },
);
export const ApprovePayout = declareCommand(
  z.object({ type: z.literal('alliance.approve'), payoutId: TargetId('Payout id'), body: payload(NoBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliance-payouts/:id/approve',
    params: { id: pathId('payoutId', 'Payout id') },
    summary: 'Approve a payout beyond the daily limit (an officer or the leader other than the one who asked): it is sent now',
    ok: { status: 200, schema: PayoutAnswerDto, description: 'Sent' },
  },
);

/** Territory chat's rules (length, mutes, mentions) and its limits, shared with it: one budget per player for both chats. */
export const PostToAllianceChat = declareCommand(
  z.object({ type: z.literal('alliance.chat'), allianceId: TargetId('Alliance id'), body: payload(AllianceChatPostBody) }),
  player(LOGIN),
  {
    ...common,
    method: 'post',
    path: '/alliances/:id/chat',
    params: allianceParams,
    summary: "Post to your alliance's chat (its members)",
    description: 'A member mentioned with @name is told, with the message quoted; only members are told, and only members receive it live.',
    ok: { status: 201, schema: AllianceChatMessageDto, description: 'Posted' },
    limit: 'chat',
  },
);

export const allianceCommands = [
  FoundAlliance,
  InviteToAlliance,
  RequestToJoin,
  AcceptApplication,
  DeclineApplication,
  LeaveAlliance,
  RemoveMember,
  PromoteMember,
  HandOverAlliance,
  DepositToAlliance,
  SetAllianceLimit,
  PayOut,
  ApprovePayout,
  PostToAllianceChat,
] as const;
