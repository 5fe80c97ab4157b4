import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MODERATION_REASON_MIN, MUTE_MINUTES } from '../../schema/api/desk.ts';
import { tagLabel } from '../../schema/rules/alliances.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { plainList, readQuery } from '../state/query.ts';
import { liftMute, mutePlayer, removeBroadcast, removeChatMessage, serverMessageOr } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { showToast } from '../state/toasts.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { formatDateTime, formatDollars } from '../format.ts';

const MUTE_WORDS: Record<(typeof MUTE_MINUTES)[number], string> = { 60: 'an hour', 1440: 'a day', 10080: 'a week', 43200: '30 days' };

const REASON_HINT_ID = 'moderation-reason-hint';

/**
 * The world's newest chat, territories' and alliances', and its newest broadcasts, with a reason box:
 * remove a message or a broadcast, or mute its author for a time.
 */
export function ChatModeration() {
  const queryClient = useQueryClient();
  const chat = useQuery(readQuery('/admin/chat/recent'));
  const broadcasts = useQuery({ ...readQuery('/broadcasts/recent'), select: plainList });
  const mutes = useQuery(readQuery('/admin/mutes'));
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<(typeof MUTE_MINUTES)[number]>(60);
  // Every action is audited with its reason (the server refuses one without); until there is one, the hint says why the buttons wait.
  const waiting = reason.trim().length < MODERATION_REASON_MIN;
  const needsReason = { disabled: waiting, 'aria-describedby': waiting ? REASON_HINT_ID : undefined } as const;
  const mute = (userId: string, username: string) =>
    void act(() => mutePlayer(userId, minutes, reason), `${username} is muted for ${MUTE_WORDS[minutes]}`);

  async function act(what: () => Promise<unknown>, done: string) {
    try {
      await what();
      showToast({ title: 'Done', description: done });
      setReason('');
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Not Done', description: serverMessageOr(error, 'The desk could not do that') });
    }
    await Promise.all(
      (['/admin/chat/recent', '/broadcasts/recent', '/admin/mutes', '/admin/audit'] as const).map((path) =>
        queryClient.invalidateQueries({ queryKey: queryKeyOf(path) }),
      ),
    );
  }

  return (
    <section className="panel card stack" aria-labelledby="chat-moderation-heading" data-testid="chat-moderation">
      <h2 id="chat-moderation-heading">Chat and broadcasts</h2>
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
      {waiting && (
        <p className="muted small" id={REASON_HINT_ID} data-testid="reason-hint">
          Type a reason ({MODERATION_REASON_MIN} characters or more) to remove, mute or lift.
        </p>
      )}
      <QueryState queries={[chat, broadcasts, mutes]} what="the chat">
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
                  {...needsReason}
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
            <ModeratedItem
              key={message.id}
              testId="moderated-message"
              place={message.alliance ? 'alliance' : 'territory'}
              author={message.username}
              where={
                message.alliance
                  ? `in the chat of ${tagLabel(message.alliance.tag)} ${message.alliance.name}`
                  : `in ${message.territory_name}`
              }
              text={message.message}
              at={message.created_at}
              controls={needsReason}
              onRemove={() => void act(() => removeChatMessage(message.id, reason), 'The message was removed')}
              onMute={() => mute(message.user_id, message.username)}
            />
          ))}
        </ul>
        <h3>Recent broadcasts</h3>
        {broadcasts.data?.length === 0 && <p className="muted">Nobody has broadcast yet.</p>}
        <ul className="item-list" aria-label="Recent broadcasts">
          {broadcasts.data?.map((broadcast) => (
            <ModeratedItem
              key={broadcast.id}
              testId="moderated-broadcast"
              author={broadcast.sender_name}
              where={`to every player${broadcast.paid ? `, paid ${formatDollars(broadcast.cost_cents)}` : ''}`}
              text={broadcast.message}
              at={broadcast.created_at}
              controls={needsReason}
              onRemove={() => void act(() => removeBroadcast(broadcast.id, reason), 'The broadcast was removed')}
              onMute={() => mute(broadcast.sender_id, broadcast.sender_name)}
            />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

interface ModeratedItemProps {
  testId: string;
  /** Where a chat message was said (territory or alliance), for the tests that tell them apart. */
  place?: string;
  author: string;
  /** Where it was said or sent, after the author's name. */
  where: string;
  text: string;
  at: string;
  /** Disabled, and pointed at the reason hint, until a reason is typed. */
  controls: { disabled: boolean; 'aria-describedby': string | undefined };
  onRemove: () => void;
  onMute: () => void;
}

/** One message or broadcast on the desk: who said what, where and when, with Remove and Mute. */
function ModeratedItem({ testId, place, author, where, text, at, controls, onRemove, onMute }: ModeratedItemProps) {
  return (
    <li className="item" data-testid={testId} data-place={place}>
      <div className="item-main">
        <span>
          <strong>
            <PlayerLink name={author} />
          </strong>{' '}
          {where}: {text}
        </span>
        <time className="muted small" dateTime={at}>
          {formatDateTime(at)}
        </time>
      </div>
      <div className="button-row">
        <button className="button small" type="button" {...controls} onClick={onRemove}>
          Remove
        </button>
        <button className="button small" type="button" {...controls} onClick={onMute}>
          Mute {author}
        </button>
      </div>
    </li>
  );
}
