import { PROFILE_TRADES, type PlayerProfileDto, type ProfileTerritoryDto } from '../../../schema/api/profiles.ts';
import { ownershipTier } from '../../../schema/rules/economy.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { listUserCollectibles } from '../economy/collectibles.ts';
import { projectedEarnings } from '../economy/earnings.ts';
import { tradesOf } from '../economy/market.ts';
import { notFound } from '../../errors.ts';
import { territoryRows, type TerritoryRow } from '../world/territories.ts';

const EARNINGS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

interface VassalRow {
  lord_id: number;
  vassal_count: number;
  owners: string[];
}

/**
 * A player's public face: what it holds, where it stands in the feudal chain, what it
 * earns, collects and trades. Names are looked up as login does, whatever their case.
 */
export async function playerProfile(sql: Queryable, username: string, now: Date): Promise<PlayerProfileDto> {
  const [user] = await sql<{ id: string; username: string; is_wanakt: boolean; created_at: Date }[]>`
    select id, username, is_wanakt, created_at from users where lower(username) = lower(${username})`;
  if (!user) throw notFound(`No player is called ${username}`);

  const since = new Date(now.getTime() - EARNINGS_WINDOW_MS);
  const [held, [earned], collectibles, trades, projected] = await Promise.all([
    territoryRows(sql, { ownerId: user.id }),
    sql<{ earnings: string; tribute: string }[]>`
      select coalesce(sum(amount) filter (where reason = 'earnings'), 0)::text as earnings,
             coalesce(sum(amount) filter (where reason = 'rent'), 0)::text as tribute
        from ledger
       where to_user_id = ${user.id} and reason in ('earnings', 'rent') and created_at > ${since} and created_at <= ${now}`,
    listUserCollectibles(sql, user.id),
    tradesOf(sql, user.id, PROFILE_TRADES),
    projectedEarnings(sql, user.id, now),
  ]);
  const territories = await feudalTitles(sql, user.id, held);
  const others = (names: (string | null)[]) =>
    [...new Set(names)].filter((name): name is string => name !== null && name !== user.username).sort();

  return {
    id: user.id,
    username: user.username,
    is_wanakt: user.is_wanakt,
    joined_at: user.created_at.toISOString(),
    ownership_tier: ownershipTier(held.length)?.label ?? null,
    territories,
    vassal_of: others(territories.map((territory) => territory.lord?.owner_name ?? null)),
    vassals: others(territories.flatMap((territory) => territory.vassal_owners)),
    earnings: {
      monthly_earnings: projected.monthly_earnings,
      earned_30d: Number(earned.earnings),
      tribute_30d: Number(earned.tribute),
    },
    collectibles,
    trades,
  };
}

// Each held territory with the overlord it owes fealty to and the territories that owe it theirs.
async function feudalTitles(sql: Queryable, userId: string, held: TerritoryRow[]): Promise<ProfileTerritoryDto[]> {
  if (held.length === 0) return [];
  const lordIds = [
    ...new Set(held.flatMap((territory) => (territory.parent_territory_id === null ? [] : [territory.parent_territory_id]))),
  ];
  const [lords, vassals] = await Promise.all([
    lordIds.length > 0 ? territoryRows(sql, { ids: lordIds }) : Promise.resolve([]),
    sql<VassalRow[]>`
      select v.parent_territory_id as lord_id, count(*)::int as vassal_count,
             coalesce(array_agg(distinct u.username) filter (where u.id <> ${userId}), '{}') as owners
        from territories v left join users u on u.id = v.owner_id
       where v.parent_territory_id in ${sql(held.map((territory) => territory.id))}
       group by v.parent_territory_id`,
  ]);
  const lordOf = new Map(lords.map((lord) => [lord.id, lord]));
  const vassalsOf = new Map(vassals.map((row) => [row.lord_id, row]));
  return held.map((territory) => {
    const lord = territory.parent_territory_id === null ? undefined : lordOf.get(territory.parent_territory_id);
    const under = vassalsOf.get(territory.id);
    return {
      id: territory.id,
      name: territory.name,
      type: territory.type,
      latitude: territory.latitude,
      longitude: territory.longitude,
      monthly_revenue: territory.monthly_revenue,
      upgrade_tier: territory.upgrade_tier,
      lord: lord ? { id: lord.id, name: lord.name, owner_name: lord.owner_name } : null,
      vassal_count: under?.vassal_count ?? 0,
      vassal_owners: [...(under?.owners ?? [])].sort(),
    };
  });
}
