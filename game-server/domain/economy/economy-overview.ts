import {
  ACCOUNT_KINDS,
  TRADES_LEFT_OUT_LISTED,
  type EconomyOverviewDto,
  type FlowMonthDto,
  type MintedMonthDto,
} from '../../../schema/api/economy.ts';
import type { LedgerReason } from '../../../schema/api/statement.ts';
import { concentration, priceIndex, projectCapMonth } from '../../../schema/rules/economy-figures.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { readSupply } from './supply.ts';
import { lastSupplyAudit } from './supply-audit.ts';
import { tradesLeftOut } from './market.ts';
import { regionalMarket } from './regional-market.ts';

/** Daily series (supply, market) cover this many days; monthly ones cover all time. */
export const DAILY_WINDOW_DAYS = 365;
/** The mint pace of the cap projection is that of this many most recent days. */
export const PACE_WINDOW_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
type Kind = (typeof ACCOUNT_KINDS)[number];

function dayBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every figure of the public economy page. All but three come from the daily rollups that the
 * ledger's and the trades' insert triggers keep (migration 0011), so the cost follows the number of
 * days, not of movements; the concentration reads the balances, one row per account, the market by
 * region the window's counted sales (an index of its own), and the trades left out the latest 20.
 */
export async function economyOverview(sql: Queryable, now: Date): Promise<EconomyOverviewDto> {
  const since = dayBefore(now, DAILY_WINDOW_DAYS);
  const paceSince = dayBefore(now, PACE_WINDOW_DAYS);
  const [supply, history, flows, market, balances, pace, lastAudit, leftOut, regions] = await Promise.all([
    readSupply(sql),
    sql<{ day: string; total_supply: string }[]>`
      select day::text, total_supply::text from (
        select day, sum(sum(amount)) over (order by day) as total_supply
          from ledger_daily where from_kind = 'minted' group by day) minted
       where day > ${since}::date order by day`,
    sql<{ month: string; from_kind: Kind; to_kind: Exclude<Kind, 'minted'>; reason: LedgerReason; amount: string; movements: string }[]>`
      select to_char(day, 'YYYY-MM') as month, from_kind, to_kind, reason, sum(amount)::text as amount, sum(movements)::text as movements
        from ledger_daily group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    sql<{ day: string; territory_type: string; trades: string; volume: string; median_price: number }[]>`
      select day::text, territory_type, trades::text, volume::text, median_price::float8 as median_price
        from market_daily where day > ${since}::date order by day, territory_type`,
    sql<{ holders: number; held: string; top1: string; top10: string; weighted: string }[]>`
      with ranked as (
        select drk_balance::numeric as x, row_number() over (order by drk_balance) as i, count(*) over () as n
          from users where not is_wanakt)
      select count(*)::int as holders, coalesce(sum(x), 0)::text as held,
             coalesce(sum(x) filter (where i > n - ceil(n * 0.01)), 0)::text as top1,
             coalesce(sum(x) filter (where i > n - ceil(n * 0.10)), 0)::text as top10,
             coalesce(sum(i * x), 0)::text as weighted
        from ranked`,
    sql<{ minted: string; history_days: number }[]>`
      select coalesce(sum(amount) filter (where day > ${paceSince}::date), 0)::text as minted,
             coalesce(${now}::date - min(day), 0)::int as history_days
        from ledger_daily where from_kind = 'minted'`,
    lastSupplyAudit(sql),
    tradesLeftOut(sql, TRADES_LEFT_OUT_LISTED),
    regionalMarket(sql, now, since),
  ]);

  const flowsByMonth: FlowMonthDto[] = flows.map((row) => ({ ...row, amount: Number(row.amount), movements: Number(row.movements) }));
  const mintedByMonth: MintedMonthDto[] = flowsByMonth
    .filter((row) => row.from_kind === 'minted')
    .reduce<MintedMonthDto[]>((months, row) => {
      const same = months.find((entry) => entry.month === row.month && entry.reason === row.reason);
      if (same) {
        same.amount += row.amount;
        same.movements += row.movements;
      } else {
        months.push({ month: row.month, reason: row.reason, amount: row.amount, movements: row.movements });
      }
      return months;
    }, []);
  const marketByDay = market.map((row) => ({ ...row, trades: Number(row.trades), volume: Number(row.volume) }));
  const [sums] = balances;
  const remaining = supply.max_supply - supply.total_supply;
  const mintedInWindow = Number(pace[0].minted);
  const historyDays = pace[0].history_days;

  return {
    as_of: now.toISOString(),
    supply,
    supply_history: history.map((row) => ({ day: row.day, total_supply: Number(row.total_supply) })),
    minted_by_month: mintedByMonth,
    flows_by_month: flowsByMonth,
    market_by_day: marketByDay,
    price_index: priceIndex(marketByDay),
    market_by_region: regions,
    trades_left_out: leftOut,
    concentration: concentration({
      holders: sums.holders,
      held: Number(sums.held),
      top1Held: Number(sums.top1),
      top10Held: Number(sums.top10),
      rankWeighted: Number(sums.weighted),
    }),
    projection: {
      minted_in_window: mintedInWindow,
      window_days: PACE_WINDOW_DAYS,
      remaining,
      history_days: historyDays,
      cap_month: projectCapMonth(now, remaining, mintedInWindow, PACE_WINDOW_DAYS, historyDays),
    },
    last_audit: lastAudit,
  };
}
