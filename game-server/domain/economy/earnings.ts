import type { RevenueSummaryDto } from '../../../schema/api/revenue.ts';
import { WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { CHAINS, chainStatuses, ownershipMultiplier, type ChainStatus } from '../../../schema/rules/economy.ts';
import {
  ownerContext,
  ownerEarnings,
  supplyScale,
  territoryEarning,
  type EarningContext,
  type EarningTerritory,
  type TerritoryEarning,
} from '../../../schema/rules/earnings.ts';
import { rentPeriodOf } from '../../../schema/rules/rent.ts';
import { monthlyEarnings, tributeOwedTo } from '../../../schema/rules/figures.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import { type Queryable, waitForTurnsFreely } from '../../infra/db/database.ts';
import { badInput, forbidden, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { activeEventMultiplier } from '../world/special-events.ts';
import { mintMany, type Mint } from './ledger.ts';
import { obligationsOf, periodRentMultiplier } from './rent-cycle.ts';
import { readSupply } from './supply.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import { earningsPaid } from '../../../schema/rules/notifications.ts';

// The monthly payout of the revenue center's 'total monthly': planned once per month,
// then minted in committed batches, each territory at most once per month.
const EARNINGS_LOCK = 7_310_007;
export const EARNINGS_BATCH_SIZE = 5000;
// The plan reads the owned territories this many at a time in id order, so a world of a million
// owned territories is never in memory at once.
const TERRITORIES_PER_READ = 10_000;
// Names that can make a chain: the only names an owner's multipliers depend on, beside its count.
const CHAIN_NAMES = [...new Set(CHAINS.flatMap((chain) => chain.territories))];

interface OwnedRow extends EarningTerritory {
  id: number;
  owner_id: string;
}

type OwnedRowText = Omit<OwnedRow, 'monthly_revenue'> & { monthly_revenue: string };

const toOwned = (row: OwnedRowText): OwnedRow => ({ ...row, monthly_revenue: Number(row.monthly_revenue) });

async function ownedTerritories(sql: Queryable, ownerId: string | null, type: TerritoryType | null = null): Promise<OwnedRow[]> {
  const rows = await sql<OwnedRowText[]>`
    select id, name, type, monthly_revenue::text, upgrade_tier, owner_id from territories
     where owner_id is not null and (${ownerId}::text is null or owner_id = ${ownerId}) and (${type}::text is null or type = ${type})
     order by id`;
  return rows.map(toOwned);
}

/**
 * What each owner's territories earn by (docs/rules.md §4): its count of territories and its chains,
 * read once for the whole plan. One entry per player, not per territory: the owners that hold no
 * chain's territory share one context.
 */
async function ownerContexts(sql: Queryable, multiplier: number): Promise<(ownerId: string) => EarningContext> {
  const rows = await sql<{ owner_id: string; territories: number; chain_names: string[] }[]>`
    select owner_id, count(*)::int as territories,
           coalesce(array_agg(name order by name) filter (where name = any(${CHAIN_NAMES}::text[])), '{}') as chain_names
      from territories where owner_id is not null group by owner_id`;
  const byChains = new Map<string, ChainStatus[]>();
  const owners = new Map<string, { territories: number; chains: ChainStatus[] }>();
  for (const row of rows) {
    const key = row.chain_names.join('\n');
    const chains = byChains.get(key) ?? chainStatuses(row.chain_names);
    byChains.set(key, chains);
    owners.set(row.owner_id, { territories: row.territories, chains });
  }
  // A territory bought after this read earns as its new owner's only one: the plan is of one moment.
  const alone = ownerContext(1, [], multiplier);
  return (ownerId) => {
    const owner = owners.get(ownerId);
    return owner ? { territoryCount: owner.territories, chains: owner.chains, revenueEventMultiplier: multiplier } : alone;
  };
}

/** Every owned territory's earnings by the rule, a part at a time in id order: `work` sees each once with what it earns. */
async function forEachEarning(
  sql: Queryable,
  multiplier: number,
  work: (earnings: { territory: OwnedRow; earning: TerritoryEarning }[]) => Promise<void> | void,
): Promise<void> {
  const contextOf = await ownerContexts(sql, multiplier);
  for (let after = 0; ;) {
    const rows = await sql<OwnedRowText[]>`
      select id, name, type, monthly_revenue::text, upgrade_tier, owner_id from territories
       where owner_id is not null and id > ${after}
       order by id limit ${TERRITORIES_PER_READ}`;
    if (rows.length === 0) return;
    await work(rows.map(toOwned).map((territory) => ({ territory, earning: territoryEarning(territory, contextOf(territory.owner_id)) })));
    after = rows.at(-1)!.id;
  }
}

/** A month is named as 2026-05: anything else is refused before a run writes anything. */
export function checkMonth(month: string): void {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badInput('A month looks like 2026-05');
}

async function lockMonth(sql: Queryable, month: string): Promise<void> {
  await waitForTurnsFreely(sql);
  await sql`select pg_advisory_xact_lock(${EARNINGS_LOCK}, hashtext(${month}))`;
}

/**
 * Fixes the month's payout once: every owned territory's earnings by the rule, scaled down
 * together when they would take the supply past the cap. Answers whether anything is left to pay.
 * Two passes over the owned territories: the first sums the payouts, the second writes each one cut
 * to the room the sum leaves, so only one part is in memory at a time. The passes read the table
 * at different moments: a territory bought meanwhile earns as read, and the payout never passes the
 * cap whatever the passes saw, since each batch pays at most what the cap still allows.
 */
export async function planEarningsMonth({ tx, now }: Work, month: string): Promise<boolean> {
  await lockMonth(tx, month);
  const [existing] = await tx<{ completed_at: Date | null }[]>`select completed_at from earnings_months where month = ${month}`;
  if (existing) return existing.completed_at === null;
  const multiplier = await activeEventMultiplier(tx, 'revenue', now);
  let total = 0;
  let territories = 0;
  await forEachEarning(tx, multiplier, (earnings) => {
    for (const { earning } of earnings) total += earning.toOwner + earning.toWanakt;
    territories += earnings.length;
  });
  const supply = await readSupply(tx);
  const remaining = supply.max_supply - supply.total_supply;
  const scale = supplyScale(total, remaining);
  await tx`
    insert into earnings_months (month, planned_at, revenue_multiplier, planned_total, supply_remaining, completed_at)
    values (${month}, ${now}, ${multiplier}, ${total}, ${remaining}, ${territories === 0 ? now : null})`;
  await forEachEarning(tx, multiplier, async (earnings) => {
    const column = <T>(pick: (entry: (typeof earnings)[number]) => T) => earnings.map(pick);
    await tx`
      insert into territory_earnings (month, territory_id, owner_id, base, multiplier_bonus, ad_revenue, owner_amount, wanakt_amount)
      select ${month}, * from unnest(
        ${column((entry) => entry.territory.id)}::int[], ${column((entry) => entry.territory.owner_id)}::text[],
        ${column((entry) => entry.earning.base)}::bigint[], ${column((entry) => entry.earning.multiplierBonus)}::bigint[],
        ${column((entry) => entry.earning.adRevenue)}::bigint[], ${column((entry) => scale(entry.earning.toOwner))}::bigint[],
        ${column((entry) => scale(entry.earning.toWanakt))}::bigint[])`;
  });
  return territories > 0;
}

export interface EarningsBatch {
  territories: number;
  minted: number;
  done: boolean;
  /** The players this batch minted to, whose balances changed. */
  paid: string[];
  /** The month's notices, stored by the batch that completes it. */
  notices: StoredNotice[];
}

/**
 * Mints the next unpaid territories of the month in its run's transaction, never past what the cap
 * still allows at this moment: one statement for the batch's ledger lines, one for its balances.
 */
export async function payEarningsBatch({ tx, now }: Work, month: string, batchSize: number): Promise<EarningsBatch | null> {
  await lockMonth(tx, month);
  const [state] = await tx<{ completed_at: Date | null }[]>`select completed_at from earnings_months where month = ${month}`;
  if (state.completed_at !== null) return null;
  const rows = await tx<{ territory_id: number; owner_id: string; owner_amount: string; wanakt_amount: string }[]>`
    select territory_id, owner_id, owner_amount::text, wanakt_amount::text from territory_earnings
     where month = ${month} and paid_at is null
     order by territory_id
     limit ${batchSize}`;
  // Other mints may have happened since the plan: the supply row stays locked while this batch pays.
  const [supply] = await tx<
    { remaining: string }[]
  >`select (max_supply - total_supply)::text as remaining from currency_supply for no key update`;
  let remaining = Number(supply.remaining);
  const mints: Mint[] = [];
  const pay = (to: string, planned: number, territoryId: number, reference: string) => {
    const amount = Math.min(planned, remaining);
    if (amount <= 0) return 0;
    mints.push({ to, amount, reason: 'earnings', territoryId, reference });
    remaining -= amount;
    return amount;
  };
  const paid = rows.map((row) => {
    const reference = `${month}:territory:${row.territory_id}`;
    return {
      territoryId: row.territory_id,
      owner: pay(row.owner_id, Number(row.owner_amount), row.territory_id, reference),
      wanakt: pay(WANAKT_USER_ID, Number(row.wanakt_amount), row.territory_id, `${reference}:wonder-ads`),
    };
  });
  await mintMany(tx, mints, now);
  if (paid.length > 0) {
    await tx`
      update territory_earnings e set owner_paid = p.owner_paid, wanakt_paid = p.wanakt_paid, paid_at = ${now}
        from unnest(${paid.map((entry) => entry.territoryId)}::int[], ${paid.map((entry) => entry.owner)}::bigint[],
                    ${paid.map((entry) => entry.wanakt)}::bigint[]) as p (territory_id, owner_paid, wanakt_paid)
       where e.month = ${month} and e.territory_id = p.territory_id`;
  }
  const done = rows.length < batchSize;
  if (done) await tx`update earnings_months set completed_at = ${now} where month = ${month}`;
  const notices = done ? await notify(tx, await earningsNotices(tx, month), now) : [];
  return {
    territories: rows.length,
    minted: mints.reduce((sum, entry) => sum + entry.amount, 0),
    done,
    paid: [...new Set(mints.map((entry) => entry.to))],
    notices,
  };
}

/** When a month is fully paid, each player paid hears once what the month minted to it in all. */
async function earningsNotices(tx: Queryable, month: string) {
  const paid = await tx<{ user_id: string; amount: string }[]>`
    select user_id, sum(amount)::text as amount from (
      select owner_id as user_id, owner_paid as amount from territory_earnings where month = ${month}
      union all
      select ${WANAKT_USER_ID}, wanakt_paid from territory_earnings where month = ${month}
    ) paid group by user_id having sum(amount) > 0`;
  return paid.map((row) => earningsPaid(row.user_id, month, Number(row.amount)));
}

/** A player's monthly earnings by the rules now: each territory's line and the sums (schema/rules/figures.ts). */
export async function projectedEarnings(sql: Queryable, userId: string, now: Date) {
  const multiplier = await activeEventMultiplier(sql, 'revenue', now);
  const owned = await ownedTerritories(sql, userId);
  const earnings = ownerEarnings(owned, multiplier);
  // Every owned wonder's ad revenue is minted to the Wanakt, whoever owns the wonder.
  const wonders =
    userId === WANAKT_USER_ID ? (await ownedTerritories(sql, null, 'wonder')).map((wonder) => territoryEarning(wonder, WONDER_ALONE)) : [];
  const lines = owned.map((territory, index) => ({
    territory_id: territory.id,
    name: territory.name,
    base: earnings[index].base,
    multiplier_bonus: earnings[index].multiplierBonus,
    ad_revenue: earnings[index].toOwner - earnings[index].base - earnings[index].multiplierBonus,
    to_owner: earnings[index].toOwner,
  }));
  return { revenueEventMultiplier: multiplier, territoryCount: owned.length, lines, ...monthlyEarnings(earnings, wonders) };
}

// A wonder's ad revenue depends on the wonder alone, not on its owner's count, chains or events.
const WONDER_ALONE = { territoryCount: 1, chains: [], revenueEventMultiplier: 1 };

/**
 * The revenue center's Overview: the monthly earnings the rules project for the player (what the
 * earnings job mints for the month), broken down, beside this period's tribute and the latest
 * payout the ledger holds. A player reads only its own; the Wanakt, anyone's.
 */
export async function revenueSummary(sql: Queryable, viewer: ActingUser, userId: string, now: Date): Promise<RevenueSummaryDto> {
  if (userId !== viewer.id && !viewer.is_wanakt) throw forbidden('You can only see your own revenue');
  const [user] = await sql`select 1 from users where id = ${userId}`;
  if (!user) throw notFound('User not found');
  const projected = await projectedEarnings(sql, userId, now);
  const period = rentPeriodOf(now);
  const tribute = tributeOwedTo(await obligationsOf(sql, userId, await periodRentMultiplier(sql, period, now)), userId);
  const [last] = await sql<{ month: string; amount: string }[]>`
    select split_part(reference, ':', 1) as month, sum(amount)::text as amount from ledger
     where reason = 'earnings' and to_user_id = ${userId} and reference is not null
     group by 1 order by 1 desc limit 1`;
  return {
    user_id: userId,
    territory_count: projected.territoryCount,
    ownership_multiplier: ownershipMultiplier(projected.territoryCount),
    revenue_event_multiplier: projected.revenueEventMultiplier,
    base_revenue: projected.base_revenue,
    multiplier_bonus: projected.multiplier_bonus,
    ad_revenue: projected.ad_revenue,
    wonder_ad_revenue: projected.wonder_ad_revenue,
    feudal_tribute: tribute,
    total_monthly: projected.monthly_earnings,
    territories: projected.lines,
    last_payout: last ? { month: last.month, amount: Number(last.amount) } : null,
  };
}
