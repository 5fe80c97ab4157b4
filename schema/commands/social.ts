import { z } from 'zod';
import { BroadcastPaymentBody, SendBroadcastBody } from '../api/broadcasts.ts';
import { ChatPostBody } from '../api/chat.ts';
import { MuteBody, RemoveBody, UnmuteBody } from '../api/desk.ts';
import { payload, TargetId } from './ref.ts';

// What players say to each other: territory chat (REST or the room) and the paid broadcast.
export const PostChat = z.object({ type: z.literal('chat.post'), body: payload(ChatPostBody) });
/** Opens the $1 payment a broadcast needs (docs/rules.md §4 "Broadcast flow"). */
export const PayForBroadcast = z.object({ type: z.literal('broadcast.pay'), body: payload(BroadcastPaymentBody) });
export const SendBroadcast = z.object({ type: z.literal('broadcast.send'), body: payload(SendBroadcastBody) });

/** The Wanakt removes a chat message, with a reason: it leaves the players' screens too. */
export const RemoveChatMessage = z.object({ type: z.literal('chat.remove'), messageId: TargetId('Message id'), body: payload(RemoveBody) });

/** The Wanakt removes a broadcast, with a reason: the rooms stop showing it. The reason is read before the id, as the desk always has. */
export const RemoveBroadcast = z.object({ type: z.literal('broadcast.remove'), body: payload(RemoveBody), broadcastId: TargetId('Broadcast id') });
/** The Wanakt mutes a player's chat and broadcasts for one of the desk's lengths, or lifts a mute early. */
export const MutePlayer = z.object({ type: z.literal('player.mute'), body: payload(MuteBody) });
export const UnmutePlayer = z.object({ type: z.literal('player.unmute'), body: payload(UnmuteBody) });

export const socialCommands = [PostChat, PayForBroadcast, SendBroadcast, RemoveChatMessage, RemoveBroadcast, MutePlayer, UnmutePlayer] as const;
