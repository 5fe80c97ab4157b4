// How a chat reaches the server and hears back: REST for sending, and the room (when it is
// connected) for new messages of the chat on screen and the ones the Wanakt removed. A territory's
// chat and an alliance's go the same way; only their read and their room messages differ.
import { useEffect } from 'react';
import type { ChatLineDto } from '../../schema/api/chat.ts';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { postAllianceChat, postChat } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';

/** docs/rules.md §5 "Chat": what to send, or null for an empty or whitespace-only message. */
export function chatMessageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Appends a message to the cached history of its chat, once. */
function appendChatMessage(queryClient: QueryClient, queryKey: QueryKey, message: ChatLineDto): void {
  queryClient.setQueryData<ChatLineDto[]>(queryKey, (messages) =>
    messages === undefined || messages.some((known) => known.id === message.id) ? messages : [...messages, message],
  );
}

/** Drops a message the Wanakt removed from the cached history of its chat. */
function dropChatMessage(queryClient: QueryClient, queryKey: QueryKey, messageId: number): void {
  queryClient.setQueryData<ChatLineDto[]>(queryKey, (messages) => messages?.filter((known) => known.id !== messageId));
}

/** A chat as the screen uses it: where its history is cached, how to post to it, how to hear it live. */
export interface ChatSource {
  queryKey: QueryKey;
  post(message: string, userId: string): Promise<ChatLineDto>;
  /** Hears the chat's new and removed messages from the room until the answer is called. */
  watch(
    room: typeof import('../state/room.ts'),
    onMessage: (message: ChatLineDto) => void,
    onRemoved: (messageId: number) => void,
  ): () => void;
}

export const territoryChatSource = (territoryId: number): ChatSource => ({
  queryKey: queryKeyOf('/chat/:territoryId', { territoryId }),
  post: (message, userId) => postChat(territoryId, userId, message),
  watch: (room, onMessage, onRemoved) => room.watchChat(territoryId, onMessage, onRemoved),
});

export const allianceChatSource = (allianceId: number): ChatSource => ({
  queryKey: queryKeyOf('/alliances/:id/chat', { id: allianceId }),
  post: (message) => postAllianceChat(allianceId, message),
  watch: (room, onMessage, onRemoved) => room.watchAllianceChat(allianceId, onMessage, onRemoved),
});

export async function sendChat(queryClient: QueryClient, source: ChatSource, userId: string, message: string): Promise<void> {
  appendChatMessage(queryClient, source.queryKey, await source.post(message, userId));
}

/**
 * While mounted, new messages of this chat (a source kept from render to render) arrive from the room
 * into its cached history. The room's client is imported when a chat is first watched, so the
 * dashboard's first scripts do not carry it.
 */
export function useChatWatch(source: ChatSource | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (source === null) return;
    let stop = () => {};
    let cancelled = false;
    void import('../state/room.ts').then((room) => {
      if (cancelled) return;
      stop = source.watch(
        room,
        (message) => appendChatMessage(queryClient, source.queryKey, message),
        (messageId) => dropChatMessage(queryClient, source.queryKey, messageId),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [source, queryClient]);
}
