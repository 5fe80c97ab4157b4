import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { plainList, readQuery } from '../state/query.ts';
import { CHAT_MESSAGE_MAX } from '../../schema/api/chat-limits.ts';
import { serverMessageOr } from '../api.ts';
import { useTerritory } from '../hud/territoryHooks.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { useWorld } from '../state/world.ts';
import { chatMessageToSend, sendChat, useChatWatch } from './chatTransport.ts';
import { Section } from './Section.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';

// The chat of the territory selected on the map: stored history from REST, new messages live.
export function TerritoryChat() {
  const territoryId = useWorld((state) => state.selectedId);
  const territory = useTerritory(territoryId);
  const account = useSession((state) => state.account);
  const queryClient = useQueryClient();
  const history = useQuery({
    ...readQuery('/chat/:territoryId', { territoryId: territoryId ?? 0 }),
    select: plainList,
    enabled: territoryId !== null,
  });
  useChatWatch(territoryId);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const messages = history.data ?? [];

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  async function send() {
    if (territoryId === null || !account) return;
    const message = chatMessageToSend(draft);
    if (message === null) return;
    setSending(true);
    try {
      await sendChat(queryClient, territoryId, account.id, message);
      setDraft('');
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Message Not Sent', description: serverMessageOr(error, 'Unable to send the message') });
    } finally {
      setSending(false);
    }
  }

  return (
    <Section title={territory ? `Chat · ${territory.name}` : 'Territory Chat'} testId="territory-chat">
      {territoryId === null ? (
        <p className="muted empty">Select a territory on the map to join its chat.</p>
      ) : (
        <>
          <ol className="chat-log" ref={listRef} aria-live="polite">
            {history.isPending && <li className="muted">Loading messages…</li>}
            {history.isError && <li className="form-error">Could not load the chat ({history.error.message}).</li>}
            {history.data && messages.length === 0 && <li className="muted empty">No messages yet. Be the first to say hello!</li>}
            {messages.map((message) => (
              <li key={message.id} className={message.user_id === account?.id ? 'chat-message mine' : 'chat-message'}>
                <PlayerLink className="chat-author" name={message.username} />
                <span className="chat-text">{message.message}</span>
              </li>
            ))}
          </ol>
          {account ? (
            <textarea
              className="chat-input"
              aria-label="Chat message"
              placeholder="Type a message, Enter to send, Shift+Enter for a new line"
              rows={2}
              maxLength={CHAT_MESSAGE_MAX}
              value={draft}
              disabled={sending}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // docs/rules.md §5 "Chat": Enter without Shift sends.
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void send();
                }
              }}
            />
          ) : (
            <p className="muted small">Log in to chat.</p>
          )}
        </>
      )}
    </Section>
  );
}
