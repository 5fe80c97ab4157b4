import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PlayerProfileDto, ProfileTerritoryDto } from '../../schema/api/profiles.ts';
import { readQuery } from '../state/query.ts';
import { ApiError } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { formatDate, formatDrk, formatNumber } from '../format.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { ProfileMap } from '../profile/ProfileMap.tsx';
import '../profile/profile.css';
import { TREASURY_SELLER, UNOWNED, typeName, upgradeTierName } from '../../schema/display-names.ts';
import { NotCounted } from '../trades/NotCounted.tsx';
import { FigureFact, FigureName } from '../hud/FigureName.tsx';

const TRADE_WORDS = { purchase: 'Bought', assignment: 'Assigned', gift: 'Gift' } as const;

// "a, b and c", each a link to its profile.
function names(list: string[]): ReactNode {
  return list.map((name, index) => (
    <Fragment key={name}>
      {index === 0 ? '' : index === list.length - 1 ? ' and ' : ', '}
      <PlayerLink name={name} />
    </Fragment>
  ));
}

function titleOf(profile: PlayerProfileDto): ReactNode {
  if (profile.is_wanakt) return 'The Wanakt, at the top of the feudal chain';
  if (profile.vassal_of.length > 0) return <>Vassal of {names(profile.vassal_of)}</>;
  return profile.territories.length > 0 ? 'Owes fealty to no other player' : 'Holds no land yet';
}

function FeudalTitle({ territory }: { territory: ProfileTerritoryDto }) {
  return (
    <>
      {territory.lord ? (
        <span>
          Vassal of {territory.lord.name}
          {territory.lord.owner_name && (
            <>
              {' '}
              (<PlayerLink name={territory.lord.owner_name} />)
            </>
          )}
        </span>
      ) : (
        <span>Top of the chain</span>
      )}
      {territory.vassal_count > 0 && (
        <span className="muted small">
          {' '}
          · Lord of {territory.vassal_count} vassal{territory.vassal_count === 1 ? '' : 's'}
          {territory.vassal_owners.length > 0 && <>, held by {names(territory.vassal_owners)}</>}
        </span>
      )}
    </>
  );
}

function ProfileBody({ profile }: { profile: PlayerProfileDto }) {
  return (
    <>
      <section className="panel card stack" data-testid="profile-header">
        <div className="row">
          <h2>{profile.username}</h2>
          {profile.is_wanakt && (
            <span className="badge" data-tone="gold">
              Wanakt
            </span>
          )}
          {profile.ownership_tier && (
            <span className="badge" data-tone="info">
              {profile.ownership_tier}
            </span>
          )}
        </div>
        <p data-testid="profile-title">{titleOf(profile)}</p>
        <p className="muted small">Joined {formatDate(profile.joined_at)}</p>
      </section>

      <div className="two-columns">
        <section className="panel card stack" aria-label="Map of territories">
          <h2>Territories ({formatNumber(profile.territories.length)})</h2>
          <ProfileMap territories={profile.territories} />
        </section>
        <section className="panel card stack" aria-label="Earnings">
          <h2>Earnings</h2>
          <dl className="facts compact">
            <FigureFact figure="monthly_earnings">{formatDrk(profile.earnings.monthly_earnings)}</FigureFact>
            <FigureFact figure="earnings_paid_30d">{formatDrk(profile.earnings.earned_30d)}</FigureFact>
            <FigureFact figure="tribute_paid_30d">{formatDrk(profile.earnings.tribute_30d)}</FigureFact>
          </dl>
          {profile.vassals.length > 0 && <p className="small">Vassals: {names(profile.vassals)}</p>}
        </section>
      </div>

      <section className="panel card stack" aria-label="Territories and titles">
        <h2>Holdings and titles</h2>
        {profile.territories.length === 0 ? (
          <p className="empty-state">{profile.username} holds no territory yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th>Territory</th>
                  <th>Type</th>
                  <th>Upgrade</th>
                  <th>
                    <FigureName figure="base_revenue" />
                  </th>
                  <th>Place in the feudal chain</th>
                </tr>
              </thead>
              <tbody>
                {profile.territories.map((territory) => (
                  <tr key={territory.id} data-testid="profile-territory">
                    <td>{territory.name}</td>
                    <td>
                      <span className={`badge type-${territory.type}`}>{typeName(territory.type)}</span>
                    </td>
                    <td>{upgradeTierName(territory.upgrade_tier)}</td>
                    <td data-figure="base_revenue">{formatDrk(territory.monthly_revenue)} / month</td>
                    <td>
                      <FeudalTitle territory={territory} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="panel card stack" aria-label="Collectibles and heraldry">
        <h2>Collectibles and heraldry</h2>
        {profile.collectibles.length === 0 ? (
          <p className="empty-state">No collectibles yet.</p>
        ) : (
          <ul className="card-grid">
            {profile.collectibles.map((collectible) => (
              <li key={collectible.id} className="panel card stack" data-testid="profile-collectible">
                <h3>
                  {collectible.name} #{collectible.serial_number}
                </h3>
                <div className="row">
                  <span className="badge">{collectible.rarity}</span>
                  <span className="badge" data-tone={collectible.is_active ? 'good' : undefined}>
                    {collectible.label}
                  </span>
                </div>
                <p className="muted small">{collectible.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel card stack" aria-label="Recent trades">
        <h2>Recent trades</h2>
        {profile.trades.length === 0 ? (
          <p className="empty-state">No trades yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Territory</th>
                  <th>From</th>
                  <th>To</th>
                  <th>Kind</th>
                  <th className="number">Price</th>
                </tr>
              </thead>
              <tbody>
                {profile.trades.map((trade) => (
                  <tr key={trade.id} data-testid="profile-trade">
                    <td>{formatDate(trade.created_at)}</td>
                    <td>{trade.territory_name}</td>
                    <td>
                      <PlayerLink name={trade.from_owner_name} fallback={TREASURY_SELLER} />
                    </td>
                    <td>
                      <PlayerLink name={trade.to_owner_name} fallback={UNOWNED} />
                    </td>
                    <td>
                      {TRADE_WORDS[trade.reason]}
                      <NotCounted reason={trade.not_counted} />
                    </td>
                    <td className="number">{formatDrk(trade.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export default function Profile() {
  const username = useParams().username ?? '';
  // The name is matched whatever its case, so one player's page is one answer however it is spelled.
  const profile = useQuery({
    ...readQuery('/players/:username', { username }),
    queryKey: queryKeyOf('/players/:username', { username: username.toLowerCase() }),
  });
  const missing = profile.error instanceof ApiError && profile.error.status === 404;
  return (
    <Screen title="Player profile" subtitle="Lands, titles, earnings and trades" backLabel="Back to Map" testId="profile">
      {missing ? (
        <div className="panel notice" role="alert" data-testid="profile-missing">
          <p>No player is called {username}.</p>
        </div>
      ) : (
        <QueryState queries={[profile]} what={`${username}'s profile`}>
          {profile.data && <ProfileBody profile={profile.data} />}
        </QueryState>
      )}
    </Screen>
  );
}
