import { z } from 'zod';
import { BroadcastDto, BroadcastPaymentBody, SendBroadcastBody } from '../api/broadcasts.ts';
import { ChatMessageDto, ChatPostBody } from '../api/chat.ts';
import { MuteBody, MuteDto, RemoveBody, UnmuteBody } from '../api/desk.ts';
import { CheckoutDto } from '../api/payments.ts';
import { MessageDto } from '../api/territories.ts';
import { player, wanakt } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// What players say to each other: territory chat (REST or the room) and the paid broadcast.
export const PostChat = declareCommand(
  z.object({ type: z.literal('chat.post'), body: payload(ChatPostBody) }),
  player(undefined, 'user_id'),
  {
    method: 'post',
    path: '/chat',
    scope: null,
    tag: 'Chat',
    summary: "Post to a territory's chat",
    description: 'Needs a session: programs do not chat.',
    ok: { status: 201, schema: ChatMessageDto, description: 'Posted' },
    errors: [404],
    limit: 'chat',
  },
);
/** Opens the $1 payment a broadcast needs (docs/rules.md §4 "Broadcast flow"). */
export const PayForBroadcast = declareCommand(
  z.object({ type: z.literal('broadcast.pay'), body: payload(BroadcastPaymentBody) }),
  player('Please log in to send broadcasts', 'userId'),
  {
    method: 'post',
    path: '/broadcasts/payment',
    scope: 'payments',
    tag: 'Broadcasts',
    summary: 'Start paying $1 for a broadcast',
    ok: { status: 201, schema: CheckoutDto, description: 'Checkout' },
    errors: [409],
    limit: 'checkout',
  },
);
export const SendBroadcast = declareCommand(
  z.object({ type: z.literal('broadcast.send'), body: payload(SendBroadcastBody) }),
  player('Please log in to send broadcasts', 'sender_id'),
  {
    method: 'post',
    path: '/broadcasts',
    scope: 'payments',
    tag: 'Broadcasts',
    summary: 'Send a paid broadcast to every player',
    ok: { status: 201, schema: BroadcastDto, description: 'Sent' },
    errors: [409],
    limit: 'broadcast',
  },
);

/** The Wanakt removes a chat message, with a reason: it leaves the players' screens too. */
export const RemoveChatMessage = declareCommand(
  z.object({ type: z.literal('chat.remove'), messageId: TargetId('Message id'), body: payload(RemoveBody) }),
  wanakt,
  {
    method: 'post',
    path: '/admin/chat/:id/remove',
    params: { id: pathId('messageId', 'Message id') },
    scope: null,
    tag: 'Wanakt',
    summary: 'Remove a chat message, with a reason',
    ok: { status: 200, schema: MessageDto, description: 'Removed' },
    errors: [404, 409],
  },
);

/** The Wanakt removes a broadcast, with a reason: the rooms stop showing it. The reason is read before the id, as the desk always has. */
export const RemoveBroadcast = declareCommand(
  z.object({ type: z.literal('broadcast.remove'), body: payload(RemoveBody), broadcastId: TargetId('Broadcast id') }),
  wanakt,
  {
    method: 'post',
    path: '/admin/broadcasts/:id/remove',
    params: { id: pathId('broadcastId', 'Broadcast id') },
    scope: null,
    tag: 'Wanakt',
    summary: 'Remove a broadcast, with a reason',
    ok: { status: 200, schema: MessageDto, description: 'Removed' },
    errors: [404, 409],
  },
);
/** The Wanakt mutes a player's chat and broadcasts for one of the desk's lengths, or lifts a mute early. */
export const MutePlayer = declareCommand(z.object({ type: z.literal('player.mute'), body: payload(MuteBody) }), wanakt, {
  method: 'post',
  path: '/admin/mutes',
  scope: null,
  tag: 'Wanakt',
  summary: 'Mute a player for a time, with a reason',
  ok: { status: 201, schema: MuteDto, description: 'Muted' },
  errors: [404, 409],
});
export const UnmutePlayer = declareCommand(z.object({ type: z.literal('player.unmute'), body: payload(UnmuteBody) }), wanakt, {
  method: 'post',
  path: '/admin/mutes/lift',
  scope: null,
  tag: 'Wanakt',
  summary: "Lift a player's mute, with a reason",
  ok: { status: 200, schema: MessageDto, description: 'Lifted' },
  errors: [404, 409],
});

export const socialCommands = [
  PostChat,
  PayForBroadcast,
  SendBroadcast,
  RemoveChatMessage,
  RemoveBroadcast,
  MutePlayer,
  UnmutePlayer,
] as const;
