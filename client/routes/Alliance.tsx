import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ALLIANCE_FOUNDING_FEE, tagLabel } from '../../schema/rules/alliances.ts';
import { acceptAllianceApplication, allianceCall, declineAllianceApplication, foundAlliance } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { AllianceChat } from '../alliance/AllianceChat.tsx';
import { Members } from '../alliance/Members.tsx';
import { Standings } from '../alliance/Standings.tsx';
import { Treasury } from '../alliance/Treasury.tsx';
import { useAllianceCall } from '../alliance/useAllianceCall.ts';
import { formatDate, formatDrk } from '../format.ts';
import { MiniMap } from '../hud/MiniMap.tsx';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { readQuery } from '../state/query.ts';
import { useSession } from '../state/session.ts';
import { goLive } from '../state/world.ts';

// docs/rules.md §4 "Alliances": /alliance is the player's own (or founding one and the invitations),
// /alliances/{id} any alliance's page.

function AlliancePage({ id }: { id: number }) {
  const me = useSession((state) => state.account?.username ?? null);
  const page = useQuery(readQuery('/alliances/:id', { id }));
  const { pending, run } = useAllianceCall();
  const data = page.data;
  return (
    <QueryState queries={[page]} what="the alliance">
      {data && (
        <div className="stack" data-testid="alliance-page">
          <h2 data-testid="alliance-name">
            {tagLabel(data.alliance.tag)} {data.alliance.name}
          </h2>
          <p className="muted">
            Founded {formatDate(data.founded_at)}
            {data.closed_at && `; closed ${formatDate(data.closed_at)}`}
          </p>
          {me && !data.my_role && !data.closed_at && (
            <button
              className="button primary"
              type="button"
              disabled={pending}
              onClick={() => void run('Request sent', () => allianceCall(id, 'requests'))}
            >
              Ask to Join
            </button>
          )}
          <div className="two-columns">
            <Members page={data} me={me} />
            <Treasury page={data} />
          </div>
          {data.my_role && <AllianceChat allianceId={id} />}
          <section className="panel card stack" data-testid="alliance-land">
            <h2>Land ({data.land.length})</h2>
            {data.land.length > 0 && (
              <MiniMap
                className="alliance-map"
                places={data.land.map((territory) => ({ latitude: territory.lat, longitude: territory.lng }))}
                label={`The land of ${tagLabel(data.alliance.tag)} ${data.alliance.name} on the world map`}
              />
            )}
            <ul className="plain-list">
              {data.land.map((territory) => (
                <li key={territory.id}>
                  {territory.name} (<PlayerLink name={territory.owner} />)
                </li>
              ))}
            </ul>
            <h3>Latest trades</h3>
            <ul className="plain-list">
              {data.trades.map((trade) => (
                <li key={`${trade.territory_id}-${trade.at}`}>
                  {trade.territory_name}: <PlayerLink name={trade.from} fallback="the realm" /> to <PlayerLink name={trade.to} /> for{' '}
                  {formatDrk(trade.price)}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </QueryState>
  );
}

function FoundForm() {
  const { pending, run } = useAllianceCall();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  return (
    <form
      className="panel card stack"
      data-testid="found-alliance"
      onSubmit={(event) => {
        event.preventDefault();
        void run('Alliance founded', () => foundAlliance(name, tag));
      }}
    >
      <h2>Found an alliance</h2>
      <p className="muted">Founding costs {formatDrk(ALLIANCE_FOUNDING_FEE)}, paid to the Wanakt's treasury. You lead it.</p>
      <label>
        Name <input className="input" required maxLength={32} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Tag <input className="input small" required maxLength={5} value={tag} onChange={(event) => setTag(event.target.value)} />
      </label>
      <button className="button primary" type="submit" disabled={pending}>
        Found Alliance
      </button>
    </form>
  );
}

function MyAlliance() {
  const mine = useQuery(readQuery('/alliances/mine'));
  const { pending, run } = useAllianceCall();
  if (mine.data?.alliance) return <AlliancePage id={mine.data.alliance.id} />;
  return (
    <QueryState queries={[mine]} what="your alliance">
      <div className="two-columns">
        <FoundForm />
        <section className="panel card stack" data-testid="my-applications">
          <h2>Invitations and requests</h2>
          {mine.data?.applications.length === 0 && <p className="muted">No invitation to you, and no request of yours.</p>}
          <ul className="plain-list">
            {mine.data?.applications.map((application) => (
              <li key={application.id} data-testid="my-application">
                {tagLabel(application.alliance.tag)} {application.alliance.name}:{' '}
                {application.kind === 'invitation' ? (
                  <button
                    className="button small primary"
                    type="button"
                    disabled={pending}
                    onClick={() => void run('Joined', () => acceptAllianceApplication(application.id))}
                  >
                    Accept Invitation
                  </button>
                ) : (
                  'you asked to join'
                )}{' '}
                <button
                  className="button small"
                  type="button"
                  disabled={pending}
                  onClick={() =>
                    void run(application.kind === 'invitation' ? 'Declined' : 'Withdrawn', () => declineAllianceApplication(application.id))
                  }
                >
                  {application.kind === 'invitation' ? 'Decline' : 'Withdraw Request'}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </QueryState>
  );
}

export default function Alliance() {
  const { id } = useParams();
  const signedIn = useSession((state) => state.account !== null);
  // The room says when another member's command changes the alliance: the page follows it live.
  useEffect(goLive, []);
  return (
    <Screen
      title="Alliance"
      subtitle="Players banded together under a tag, with a treasury of their own"
      backLabel="Back to Map"
      testId="alliance"
    >
      {id ? <AlliancePage id={Number(id)} /> : signedIn ? <MyAlliance /> : <p className="muted">Log in to found or join an alliance.</p>}
      <Standings />
    </Screen>
  );
}
