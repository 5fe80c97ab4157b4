// Generates a long, plausible ledger history in bulk with generate_series: players, their starting
// grants, a year of mints, rent, trades (with their ownership rows) and payments to the treasury,
// stamped across the days, and then the balances and supply those rows add up to, so the money
// invariants hold afterwards. The insert triggers roll each batch up as the game's own writes do.
import { transaction, type Sql } from '../infra/db/database.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';

export interface HistoryShape {
  /** Ledger rows to add (the players' starting grants come on top). */
  rows: number;
  days: number;
  players: number;
  now: Date;
}

const BATCH = 100_000;
const STARTING_GRANT = 5_000;

/**
 * Row i's kind repeats every 20 rows: one mint, eight rents, two trades, six payments to the
 * treasury and three refunds. Each block of 20 rows has one payer, and the payees are the payers
 * shifted by an offset, so every player pays and receives about alike; prices are a hundredth of
 * the list prices, small against the starting grant, and a final top-up mint covers the rare
 * account that still runs dry.
 */
export async function generateLedgerHistory(sql: Sql, shape: HistoryShape): Promise<void> {
  const { rows, days, players, now } = shape;
  const end = now.toISOString();
  await transaction(sql, async (tx) => {
    const [{ first }] = await tx<{ first: string }[]>`select coalesce(max(id), 0)::text as first from ledger`;
    await tx`
      insert into users (id, username, password_hash)
      select 'gen-' || p, 'player ' || p, 'no-login' from generate_series(0, ${players - 1}::int) p`;
    await tx`
      insert into ledger (created_at, reason, from_user_id, to_user_id, amount)
      select ${end}::timestamptz - ${days}::int * interval '1 day', 'registration', null, 'gen-' || p, ${STARTING_GRANT}::bigint
        from generate_series(0, ${players - 1}::int) p`;
    const territories = await tx<
      { id: number; price: string }[]
    >`select id, least(price, 20000)::text as price from territories order by id`;
    for (let from = 1; from <= rows; from += BATCH) {
      const to = Math.min(rows, from + BATCH - 1);
      await tx`
        with kinds as (
          select i, i % 20 as k, (i / 20) % ${players} as payer,
                 ((i / 20) % ${players} + 1 + (i / (20 * ${players}) + i % 20) % (${players} - 1)) % ${players} as payee,
                 ${end}::timestamptz - (${rows}::int - i) * (${(days * 86400) / rows}::float8 * interval '1 second') as at,
                 (${territories.map((t) => t.id)}::int[])[1 + (i / 20) % ${territories.length}] as territory_id,
                 (${territories.map((t) => Number(t.price))}::bigint[])[1 + (i / 20) % ${territories.length}] as list_price
            from generate_series(${from}::int, ${to}::int) i)
        insert into ledger (created_at, reason, from_user_id, to_user_id, amount, territory_id)
        select at,
               case when k = 0 then (array['drk_package', 'admin_mint', 'earnings', 'earnings'])[1 + (i / 20) % 4]
                    when k <= 8 then 'rent'
                    when k <= 10 then 'territory_purchase'
                    when k <= 16 then (array['upgrade', 'collectible', 'banner'])[1 + i % 3]
                    else 'refund' end,
               case when k = 0 then null when k <= 16 then 'gen-' || payer else ${WANAKT_USER_ID} end,
               case when k <= 10 then 'gen-' || payee when k <= 16 then ${WANAKT_USER_ID} else 'gen-' || payer end,
               case when k = 0 then 10 + i % 90
                    when k <= 8 then 1 + i % 40
                    -- A slow rise over the period, so the price index has a trend to show.
                    when k <= 10 then greatest(1, list_price / 100 * (90 + (i * 40) / ${rows} + i % 11) / 100)
                    when k <= 16 then 1 + i % 12
                    else 1 + i % 5 end,
               case when k between 9 and 10 then territory_id end
          from kinds`;
    }
    await tx`
      insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason, created_at)
      select territory_id, to_user_id, from_user_id, amount, 'purchase', created_at
        from ledger where id > ${first} and reason = 'territory_purchase' order by id`;
    const replay = tx`
      select id, sum(delta) as delta from (
        select to_user_id as id, amount as delta from ledger where id > ${first}
        union all
        select from_user_id, -amount from ledger where id > ${first} and from_user_id is not null) moves
       group by id`;
    await tx`
      insert into ledger (created_at, reason, from_user_id, to_user_id, amount)
      select ${end}::timestamptz, 'admin_mint', null, u.id, -(u.drk_balance + r.delta)
        from users u join (${replay}) r on r.id = u.id where u.drk_balance + r.delta < 0`;
    await tx`update users u set drk_balance = u.drk_balance + r.delta from (${replay}) r where u.id = r.id`;
    await tx`
      update currency_supply
         set total_supply = total_supply + minted.total, circulating_supply = circulating_supply + minted.total
        from (select coalesce(sum(amount), 0) as total from ledger where id > ${first} and from_user_id is null) minted`;
  });
}
