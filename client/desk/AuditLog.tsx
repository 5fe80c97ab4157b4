import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryDto } from '../../schema/api/desk.ts';
import { readQuery } from '../state/query.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { formatDateTime, formatPlace as placeText } from '../format.ts';

/** Every read of the log starts with this key, so one invalidation refreshes whatever filter shows. */
const ACTION_WORDS: Record<AuditAction, string> = {
  mint: 'Minted DRK',
  assign: 'Assigned a territory',
  rent: 'Set a rent',
  rent_cycle: 'Ran the rent cycle',
  settlement: 'Founded a settlement',
  pin: 'Moved a pin',
  ad_approve: 'Approved an ad',
  ad_reject: 'Rejected an ad',
  chat_remove: 'Removed a chat message',
  broadcast_remove: 'Removed a broadcast',
  mute: 'Muted a player',
  unmute: 'Lifted a mute',
  gift: 'A player gave a territory away',
  lift_hold: 'Lifted a trade hold',
};

/** What an entry acted on; a pin move says where the pin was and where it went. */
function subjectText(entry: AuditEntryDto): string {
  const { from, latitude, longitude } = entry.details as {
    from?: { latitude: string; longitude: string };
    latitude?: string;
    longitude?: string;
  };
  if (entry.action !== 'pin' || latitude === undefined || longitude === undefined) return entry.subject;
  const to = placeText({ latitude, longitude });
  return from ? `${entry.subject}: from ${placeText(from)} to ${to}` : `${entry.subject}: to ${to}`;
}

/** Every action of the Wanakt, newest first: who, what, to what, when and why. */
export function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const log = useQuery({
    ...readQuery('/admin/audit', action ? { action } : {}),
  });

  return (
    <section className="panel card stack" aria-labelledby="audit-heading" data-testid="audit-log">
      <div className="row spread">
        <h2 id="audit-heading">Audit log</h2>
        <select aria-label="Show actions" value={action} onChange={(event) => setAction(event.target.value as AuditAction | '')}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {ACTION_WORDS[value]}
            </option>
          ))}
        </select>
      </div>
      <QueryState queries={[log]} what="the audit log">
        {log.data?.length === 0 ? (
          <p className="muted">Nothing recorded yet.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>What</th>
                <th>To what</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {log.data?.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td>{formatDateTime(entry.created_at)}</td>
                  <td>{entry.actor_name}</td>
                  <td>{ACTION_WORDS[entry.action]}</td>
                  <td>{subjectText(entry)}</td>
                  <td>{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
