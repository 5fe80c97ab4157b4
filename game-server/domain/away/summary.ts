import { SUMMARY_LINE_KEYS, type AwaySummaryDto, type SummaryLineDto, type SummaryLineKey } from '../../../schema/api/away.ts';
import type { LedgerReason } from '../../../schema/api/statement.ts';
import { formatDrk, plural } from '../../../schema/format.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { seasonRankBetween } from '../standings/season-standings.ts';

interface MovementGroup {
  reason: LedgerReason;
  incoming: boolean;
  /** The other side is a player (not the treasury, not a mint). */
  with_player: boolean;
  count: number;
  amount: string;
}

/** The lines that count things other than DRK: offers, bids, mentions, tasks. */
type CountedKey = 'offers_received' | 'bids_received' | 'mentions' | 'season_tasks';

/** Which line of the summary a movement belongs to: every movement has exactly one. */
function lineOf({ reason, incoming, with_player }: MovementGroup): Exclude<SummaryLineKey, CountedKey> {
  if (incoming) {
    if (reason === 'earnings') return 'earnings';
    if (reason === 'rent') return 'rent_received';
    if (reason === 'territory_purchase') return 'sales';
    if (reason === 'season_reward') return 'season_reward';
    return 'other_in';
  }
  if (reason === 'rent') return 'rent_paid';
  if (reason === 'territory_purchase' && with_player) return 'listings_bought';
  if (reason === 'territory_purchase' || reason === 'territory_assignment') return 'purchases';
  return 'other_out';
}

const LINKS: Record<SummaryLineKey, string> = {
  earnings: '/revenue',
  rent_received: '/rent',
  rent_paid: '/rent',
  sales: '/account',
  listings_bought: '/',
  purchases: '/',
  season_reward: '/season',
  other_in: '/account',
  other_out: '/account',
  offers_received: '/marketplace',
  bids_received: '/marketplace',
  mentions: '/',
  season_tasks: '/season',
};

function text(key: Exclude<SummaryLineKey, 'season_tasks'>, count: number, amount: number): string {
  const drk = formatDrk(Math.abs(amount));
  switch (key) {
    case 'earnings':
      return `Earnings credited: ${drk}`;
    case 'rent_received':
      return `Rent received: ${drk} (${plural(count, 'payment')})`;
    case 'rent_paid':
      return `Rent paid: ${drk} (${plural(count, 'payment')})`;
    case 'sales':
      return `Land sold: ${drk} (${plural(count, 'sale')})`;
    case 'listings_bought':
      return `Listings you bought: ${drk} (${plural(count, 'territory', 'territories')})`;
    case 'purchases':
      return `Land bought from the world: ${drk} (${plural(count, 'territory', 'territories')})`;
    case 'season_reward':
      return `Season pool paid to you: ${drk}`;
    case 'other_in':
      return `Other credits: ${drk} (${plural(count, 'movement')})`;
    case 'other_out':
      return `Upgrades, collectibles and other spending: ${drk} (${plural(count, 'movement')})`;
    case 'offers_received':
      return `Offers on your land: ${plural(count, 'offer')}, the best ${drk}`;
    case 'bids_received':
      return `Bids on your auctions: ${plural(count, 'bid')}, the highest ${drk}`;
    case 'mentions':
      return `Mentioned in chat ${plural(count, 'time')}`;
  }
}

/**
 * The player's place on the wealth board (docs/rules.md §2 "/rankings") at a moment: every
 * balance as it was then is today's balance less what moved after, read from the ledger, ranked
 * as the board ranks (more DRK first, ties by id). Null while the player held nothing.
 */
async function wealthRankAt(tx: Queryable, userId: string, at: Date): Promise<number | null> {
  const [row] = await tx<{ rank: number }[]>`
    with moved as (
      select user_id, sum(delta) as delta from (
        select to_user_id as user_id, amount as delta from ledger where created_at >= ${at}
        union all
        select from_user_id, -amount from ledger where created_at >= ${at} and from_user_id is not null
      ) after_moment group by user_id
    ), held as (
      select u.id, u.drk_balance - coalesce(m.delta, 0) as balance
        from users u left join moved m on m.user_id = u.id where not u.is_wanakt
    )
    select (select count(*) from held other where other.balance > me.balance or (other.balance = me.balance and other.id < me.id))::int + 1 as rank
      from held me where me.id = ${userId} and me.balance > 0`;
  return row?.rank ?? null;
}

/**
 * The player's balance at a moment: today's balance less what moved after it, read from the ledger,
 * so it is the statement's running balance as it stood then.
 */
async function balanceAt(tx: Queryable, userId: string, at: Date): Promise<number> {
  const [row] = await tx<{ balance: string }[]>`
    select (u.drk_balance
            - coalesce((select sum(amount) from ledger where to_user_id = u.id and created_at >= ${at}), 0)
            + coalesce((select sum(amount) from ledger where from_user_id = u.id and created_at >= ${at}), 0))::text as balance
      from users u where u.id = ${userId}`;
  return Number(row?.balance ?? 0);
}

/**
 * What happened to a player from `from` (included) to `to` (excluded): every DRK movement of its
 * statement in that time, grouped into lines, the offers made on its land and the bids on its
 * auctions, the chat mentions among its notices, the season tasks it completed, its balance, its
 * wealth rank and its season standing at both ends. Everything is read from the ledger, the offers,
 * the bids, the notices and the season's completions; nothing is counted apart, so the summary
 * cannot disagree with the statement (docs/design.md "Money"). The away panel, the digest and the
 * since-yesterday view all read it. Reads inside the caller's transaction: a snapshot, so the lines,
 * the balances and the ranks see the same ledger.
 */
export async function awaySummary(tx: Queryable, userId: string, from: Date, to: Date): Promise<AwaySummaryDto> {
  const groups = await tx<MovementGroup[]>`
    with mine as (
      select reason, false as incoming, to_user_id as other_id, amount from ledger
       where from_user_id = ${userId} and created_at >= ${from} and created_at < ${to}
      union all
      select reason, true, from_user_id, amount from ledger
       where to_user_id = ${userId} and created_at >= ${from} and created_at < ${to}
    )
    select m.reason, m.incoming, coalesce(not o.is_wanakt, false) as with_player, count(*)::int as count, sum(m.amount)::text as amount
      from mine m left join users o on o.id = m.other_id
     group by 1, 2, 3`;
  const [mentions] = await tx<{ count: number; link: string | null }[]>`
    select count(*)::int as count, (array_agg(link order by id desc))[1] as link from notifications
     where user_id = ${userId} and kind = 'chat_mention' and created_at >= ${from} and created_at < ${to}`;
  const [offers] = await tx<{ count: number; best: string | null }[]>`
    select count(*)::int as count, max(amount)::text as best from territory_offers
     where owner_id = ${userId} and created_at >= ${from} and created_at < ${to}`;
  const [bids] = await tx<{ count: number; best: string | null }[]>`
    select count(*)::int as count, max(b.amount)::text as best from auction_bids b join auctions a on a.id = b.auction_id
     where a.seller_id = ${userId} and b.created_at >= ${from} and b.created_at < ${to}`;

  const tasks = await tx<{ name: string }[]>`
    select (select entry->>'name' from jsonb_array_elements(s.tasks) entry where entry->>'key' = c.task) as name
      from season_completions c join seasons s on s.number = c.season
     where c.user_id = ${userId} and c.completed_at >= ${from} and c.completed_at < ${to}
     order by c.completed_at, c.task`;

  const totals = new Map<SummaryLineKey, { count: number; amount: number }>();
  for (const group of groups) {
    const key = lineOf(group);
    const total = totals.get(key) ?? { count: 0, amount: 0 };
    total.count += group.count;
    total.amount += (group.incoming ? 1 : -1) * Number(group.amount);
    totals.set(key, total);
  }
  // Offers and bids are not DRK of the player's until one is accepted or won: counted, with no amount.
  const counted = (key: 'offers_received' | 'bids_received', { count, best }: { count: number; best: string | null }): SummaryLineDto[] =>
    count > 0 ? [{ key, text: text(key, count, Number(best)), count, amount: null, link: LINKS[key] }] : [];
  const lines = SUMMARY_LINE_KEYS.flatMap((key): SummaryLineDto[] => {
    if (key === 'season_tasks')
      return tasks.length > 0
        ? [
            {
              key,
              text: `Season tasks completed: ${tasks.map((task) => task.name).join(', ')}`,
              count: tasks.length,
              amount: null,
              link: LINKS[key],
            },
          ]
        : [];
    if (key === 'mentions')
      return mentions.count > 0
        ? [{ key, text: text(key, mentions.count, 0), count: mentions.count, amount: null, link: mentions.link ?? LINKS.mentions }]
        : [];
    if (key === 'offers_received') return counted(key, offers);
    if (key === 'bids_received') return counted(key, bids);
    const total = totals.get(key);
    return total ? [{ key, text: text(key, total.count, total.amount), count: total.count, amount: total.amount, link: LINKS[key] }] : [];
  });
  const [then, now] = [await wealthRankAt(tx, userId, from), await wealthRankAt(tx, userId, to)];
  const season = await seasonRankBetween(tx, userId, from, to);
  const net = lines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
  // Every movement of the window is in a line, so the balance then is the balance at `to` less the net.
  const balanceNow = await balanceAt(tx, userId, to);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    lines,
    net,
    rank: { then, now, link: '/rankings' },
    balance: { then: balanceNow - net, now: balanceNow, link: '/account' },
    season: season && { ...season, link: '/season' },
  };
}
