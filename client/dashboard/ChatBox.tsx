import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChatLineDto } from '../../schema/api/chat.ts';
import { CHAT_MESSAGE_MAX } from '../../schema/api/chat-limits.ts';
import { serverMessageOr } from '../api.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { chatMessageToSend, sendChat, useChatWatch, type ChatSource } from './chatTransport.ts';

interface ChatBoxProps {
  /** The chat shown: a territory's or an alliance's, kept from render to render. */
  source: ChatSource;
  /** Its stored history, oldest first. */
  history: { data?: ChatLineDto[]; isPending: boolean; isError: boolean; error: Error | null };
  /** What the chat says before anyone has spoken. */
  empty: string;
}

// One chat on screen, whichever it is: its history from REST, new messages live, and the box to
// write in (docs/rules.md §5 "Chat": Enter sends, Shift+Enter starts a new line).
export function ChatBox({ source, history, empty }: ChatBoxProps) {
  const account = useSession((state) => state.account);
  const queryClient = useQueryClient();
  useChatWatch(source);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const messages = history.data ?? [];

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  async function send() {
    if (!account) return;
    const message = chatMessageToSend(draft);
    if (message === null) return;
    setSending(true);
    try {
      await sendChat(queryClient, source, account.id, message);
      setDraft('');
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Message Not Sent', description: serverMessageOr(error, 'Unable to send the message') });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <ol className="chat-log" ref={listRef} aria-live="polite">
        {history.isPending && <li className="muted">Loading messages…</li>}
        {history.isError && (
          <li className="form-error">Could not load the chat ({serverMessageOr(history.error, history.error?.message ?? '')}).</li>
        )}
        {history.data && messages.length === 0 && <li className="muted empty">{empty}</li>}
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
  );
}
