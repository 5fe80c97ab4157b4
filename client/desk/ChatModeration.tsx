import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MUTE_MINUTES } from '../../schema/api/desk.ts';
import { tagLabel } from '../../schema/rules/alliances.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { liftMute, mutePlayer, removeChatMessage, serverMessageOr } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { showToast } from '../state/toasts.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { formatDateTime } from '../format.ts';

const MUTE_WORDS: Record<(typeof MUTE_MINUTES)[number], string> = { 60: 'an hour', 1440: 'a day', 10080: 'a week', 43200: '30 days' };

/** The world's newest chat, territories' and alliances', with a reason box: remove a message, or mute its author for a time. */
export function ChatModeration() {
  const queryClient = useQueryClient();
  const chat = useQuery(readQuery('/admin/chat/recent'));
  const mutes = useQuery(readQuery('/admin/mutes'));
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<(typeof MUTE_MINUTES)[number]>(60);

  async function act(what: () => Promise<unknown>, done: string) {
    try {
      await what();
      showToast({ title: 'Done', description: done });
      setReason('');
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Not Done', description: serverMessageOr(error, 'The desk could not do that') });
    }
    await Promise.all(
      (['/admin/chat/recent', '/admin/mutes', '/admin/audit'] as const).map((path) =>
        queryClient.invalidateQueries({ queryKey: queryKeyOf(path) }),
      ),
    );
  }

  return (
    <section className="panel card stack" aria-labelledby="chat-moderation-heading" data-testid="chat-moderation">
      <h2 id="chat-moderation-heading">Chat moderation</h2>
      <div className="field-row">
        <label className="field">
          <span>Reason (kept in the audit log)</span>
          <input
            name="reason"
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.target.value)}
            placeholder="e.g. Insults"
          />
        </label>
        <label className="field">
          <span>Mute for</span>
          <select name="minutes" value={minutes} onChange={(event) => setMinutes(Number(event.target.value) as typeof minutes)}>
            {MUTE_MINUTES.map((value) => (
              <option key={value} value={value}>
                {MUTE_WORDS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState queries={[chat, mutes]} what="the chat">
        {mutes.data && mutes.data.length > 0 && (
          <ul className="item-list" aria-label="Muted players">
            {mutes.data.map((mute) => (
              <li className="item" key={mute.user_id}>
                <div className="item-main">
                  <strong>
                    <PlayerLink name={mute.username} />
                  </strong>
                  <span className="muted small">
                    muted until {formatDateTime(mute.muted_until)}: {mute.reason}
                  </span>
                </div>
                <button
                  className="button small"
                  type="button"
                  disabled={reason.trim().length < 3}
                  onClick={() => void act(() => liftMute(mute.user_id, reason), `${mute.username} may chat again`)}
                >
                  Lift
                </button>
              </li>
            ))}
          </ul>
        )}
        {chat.data?.length === 0 && <p className="muted">Nobody has chatted yet.</p>}
        <ul className="item-list" aria-label="Recent chat">
          {chat.data?.map((message) => (
            <li className="item" key={message.id} data-testid="moderated-message" data-place={message.alliance ? 'alliance' : 'territory'}>
              <div className="item-main">
                <span>
                  <strong>
                    <PlayerLink name={message.username} />
                  </strong>{' '}
                  {message.alliance
                    ? `in the chat of ${tagLabel(message.alliance.tag)} ${message.alliance.name}`
                    : `in ${message.territory_name}`}
                  : {message.message}
                </span>
                <time className="muted small" dateTime={message.created_at}>
                  {formatDateTime(message.created_at)}
                </time>
              </div>
              <div className="button-row">
                <button
                  className="button small"
                  type="button"
                  disabled={reason.trim().length < 3}
                  title="Give a reason first"
                  onClick={() => void act(() => removeChatMessage(message.id, reason), 'The message was removed')}
                >
                  Remove
                </button>
                <button
                  className="button small"
                  type="button"
                  disabled={reason.trim().length < 3}
                  title="Give a reason first"
                  onClick={() =>
                    void act(() => mutePlayer(message.user_id, minutes, reason), `${message.username} is muted for ${MUTE_WORDS[minutes]}`)
                  }
                >
                  Mute {message.username}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
