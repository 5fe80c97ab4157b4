// How the dashboard's chat reaches the server and hears back: REST for sending, and the room
// (when it is connected) for new messages of the watched territory and the ones the Wanakt removed.
import { useEffect } from 'react';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { postChat } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';

/** docs/rules.md §5 "Chat": what to send, or null for an empty or whitespace-only message. */
export function chatMessageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Appends a message to the cached history of its territory, once. */
export function appendChatMessage(queryClient: QueryClient, message: ChatMessageDto): void {
  queryClient.setQueryData<ChatMessageDto[]>(queryKeyOf('/chat/:territoryId', { territoryId: message.territory_id }), (messages) =>
    messages === undefined || messages.some((known) => known.id === message.id) ? messages : [...messages, message],
  );
}

/** Drops a message the Wanakt removed from the cached history of its territory. */
export function dropChatMessage(queryClient: QueryClient, territoryId: number, messageId: number): void {
  queryClient.setQueryData<ChatMessageDto[]>(queryKeyOf('/chat/:territoryId', { territoryId }), (messages) =>
    messages?.filter((known) => known.id !== messageId),
  );
}

export async function sendChat(queryClient: QueryClient, territoryId: number, userId: string, message: string): Promise<void> {
  appendChatMessage(queryClient, await postChat(territoryId, userId, message));
}

/**
 * While mounted, new messages of this territory arrive from the room into its cached history. The
 * room's client is imported when a territory is first watched, so the dashboard's first scripts do not carry it.
 */
export function useChatWatch(territoryId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (territoryId === null) return;
    let stop = () => {};
    let cancelled = false;
    void import('../state/room.ts').then(({ watchChat }) => {
      if (cancelled) return;
      stop = watchChat(
        territoryId,
        (message) => appendChatMessage(queryClient, message),
        (messageId) => dropChatMessage(queryClient, territoryId, messageId),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [territoryId, queryClient]);
}
