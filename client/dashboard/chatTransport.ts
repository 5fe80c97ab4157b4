// How the dashboard's chat reaches the server and hears back: REST for sending, and the room
// (when it is connected) for new messages of the watched territory and the ones the Wanakt removed.
import { useEffect } from 'react';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { postChat } from '../api.ts';
import { watchChat } from '../state/room.ts';

/** Appends a message to the cached history of its territory, once. */
export function appendChatMessage(queryClient: QueryClient, message: ChatMessageDto): void {
  queryClient.setQueryData<ChatMessageDto[]>(['/api/chat', message.territory_id], (messages) =>
    messages === undefined || messages.some((known) => known.id === message.id) ? messages : [...messages, message],
  );
}

/** Drops a message the Wanakt removed from the cached history of its territory. */
export function dropChatMessage(queryClient: QueryClient, territoryId: number, messageId: number): void {
  queryClient.setQueryData<ChatMessageDto[]>(['/api/chat', territoryId], (messages) => messages?.filter((known) => known.id !== messageId));
}

export async function sendChat(queryClient: QueryClient, territoryId: number, userId: string, message: string): Promise<void> {
  appendChatMessage(queryClient, await postChat(territoryId, userId, message));
}

/** While mounted, new messages of this territory arrive from the room into its cached history. */
export function useChatWatch(territoryId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchChat(
        territoryId,
        (message) => appendChatMessage(queryClient, message),
        (messageId) => territoryId !== null && dropChatMessage(queryClient, territoryId, messageId),
      ),
    [territoryId, queryClient],
  );
}
