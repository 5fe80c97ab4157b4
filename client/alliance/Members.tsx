import { useState } from 'react';
import type { AlliancePageDto } from '../../schema/api/alliances.ts';
import { isOfficer } from '../../schema/rules/alliances.ts';
import { acceptAllianceApplication, allianceCall, declineAllianceApplication } from '../api.ts';
import { formatDate } from '../format.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { useAllianceCall } from './useAllianceCall.ts';

// docs/rules.md §4 "Alliances": its members and roles, the leader's and officers' buttons, and the door.

const ROLE_TEXT = { leader: 'Leader', officer: 'Officer', member: 'Member' } as const;

export function Members({ page, me }: { page: AlliancePageDto; me: string | null }) {
  const { pending, run } = useAllianceCall();
  const id = page.alliance.id;
  const role = page.my_role;
  return (
    <section className="panel card stack" data-testid="alliance-members">
      <h2>Members ({page.members.length})</h2>
      <div className="table-wrap">
        <table className="data-table">
          <tbody>
            {page.members.map((member) => (
              <tr key={member.username} data-testid="alliance-member" data-role={member.role}>
                <td>
                  <PlayerLink name={member.username} />
                </td>
                <td>{ROLE_TEXT[member.role]}</td>
                <td>since {formatDate(member.joined_at)}</td>
                <td className="button-row">
                  {role === 'leader' && member.role !== 'leader' && (
                    <>
                      <button
                        className="button small"
                        type="button"
                        disabled={pending}
                        onClick={() =>
                          void run('Role', () =>
                            allianceCall(id, 'role', { username: member.username, role: member.role === 'officer' ? 'member' : 'officer' }),
                          )
                        }
                      >
                        {member.role === 'officer' ? 'Make Member' : 'Make Officer'}
                      </button>
                      <button
                        className="button small"
                        type="button"
                        disabled={pending}
                        onClick={() => void run('Leadership', () => allianceCall(id, 'hand-over', { username: member.username }))}
                      >
                        Hand Over
                      </button>
                    </>
                  )}
                  {isOfficer(role) &&
                    member.username !== me &&
                    member.role !== 'leader' &&
                    (role === 'leader' || member.role === 'member') && (
                      <button
                        className="button small"
                        type="button"
                        disabled={pending}
                        onClick={() => void run('Removed', () => allianceCall(id, 'remove', { username: member.username }))}
                      >
                        Remove
                      </button>
                    )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isOfficer(role) && <Door page={page} />}
      {role && (
        <button className="button" type="button" disabled={pending} onClick={() => void run('Left', () => allianceCall(id, 'leave'))}>
          Leave Alliance
        </button>
      )}
    </section>
  );
}

function Door({ page }: { page: AlliancePageDto }) {
  const { pending, run } = useAllianceCall();
  const [username, setUsername] = useState('');
  return (
    <div className="stack" data-testid="alliance-door">
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void run('Invitation sent', () => allianceCall(page.alliance.id, 'invitations', { username })).then(
            (done) => done && setUsername(''),
          );
        }}
      >
        <label>
          Invite a player{' '}
          <input className="input small" required maxLength={32} value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <button className="button primary" type="submit" disabled={pending}>
          Invite
        </button>
      </form>
      {page.applications.length > 0 && (
        <ul className="plain-list">
          {page.applications.map((application) => (
            <li key={application.id} data-testid="alliance-application">
              {application.kind === 'request' ? (
                <>
                  <PlayerLink name={application.username} /> asks to join{' '}
                  <button
                    className="button small primary"
                    type="button"
                    disabled={pending}
                    onClick={() => void run('Accepted', () => acceptAllianceApplication(application.id))}
                  >
                    Accept
                  </button>{' '}
                  <button
                    className="button small"
                    type="button"
                    disabled={pending}
                    onClick={() => void run('Declined', () => declineAllianceApplication(application.id))}
                  >
                    Decline
                  </button>
                </>
              ) : (
                <>
                  <PlayerLink name={application.username} /> is invited (by {application.asked_by}){' '}
                  <button
                    className="button small"
                    type="button"
                    disabled={pending}
                    onClick={() => void run('Withdrawn', () => declineAllianceApplication(application.id))}
                  >
                    Withdraw
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
