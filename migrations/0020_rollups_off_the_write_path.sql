-- The daily rollups leave the command's transaction (docs/write-path.md). Migration 0011's triggers
-- upserted one ledger_daily row per day, reason and kinds, and one market_daily row per day and
-- type: every purchase of the day queued on those rows and on their unique index, and under
-- concurrent purchases, listings and notices that queue closed deadlock cycles. Now each insert into
-- the ledger or the trades appends to a delta table with no unique index (an insert there waits on
-- nobody); a job folds the deltas into the kept totals outside any command (fold_rollups()); and
-- ledger_daily and market_daily are views over both, so every reader sees exact figures at once.

alter table ledger_daily rename to ledger_daily_folded;
alter table market_daily rename to market_daily_folded;

create table ledger_daily_delta (
  day date not null,
  reason text not null,
  from_kind text not null,
  to_kind text not null,
  amount bigint not null,
  movements bigint not null
);

create table market_daily_delta (
  day date not null,
  territory_type text not null,
  price bigint not null
);

create or replace function ledger_daily_add() returns trigger language plpgsql as $$
begin
  insert into ledger_daily_delta (day, reason, from_kind, to_kind, amount, movements)
  select (created_at at time zone 'UTC')::date, reason, account_kind(from_user_id), account_kind(to_user_id), sum(amount), count(*)
    from added group by 1, 2, 3, 4;
  return null;
end
$$;

create or replace function market_daily_add() returns trigger language plpgsql as $$
begin
  insert into market_daily_delta (day, territory_type, price)
  select (a.created_at at time zone 'UTC')::date, t.type, a.price
    from added a
    join territories t on t.id = a.territory_id
   where a.reason = 'purchase';
  return null;
end
$$;

create view ledger_daily as
select day, reason, from_kind, to_kind, sum(amount)::bigint as amount, sum(movements)::bigint as movements
  from (select day, reason, from_kind, to_kind, amount, movements from ledger_daily_folded
        union all
        select day, reason, from_kind, to_kind, amount, movements from ledger_daily_delta) rows
 group by day, reason, from_kind, to_kind;

-- Trades and volume follow from the prices: the folded rows keep every price of their day and type.
create view market_daily as
select day, territory_type, count(*)::bigint as trades, sum(price)::bigint as volume,
       array_agg(price order by price) as prices,
       percentile_cont(0.5) within group (order by price)::numeric as median_price
  from (select day, territory_type, unnest(prices) as price from market_daily_folded
        union all
        select day, territory_type, price from market_daily_delta) sales
 group by day, territory_type;

-- Moves every committed delta into the kept totals in one transaction, so a reader's snapshot sees
-- each movement exactly once. One folder at a time across processes; a busy one is simply skipped.
create function fold_rollups() returns bigint language plpgsql as $$
declare
  moved bigint := 0;
  trades bigint := 0;
begin
  if not pg_try_advisory_xact_lock(2200220021) then
    return 0;
  end if;
  with taken as (delete from ledger_daily_delta returning *),
       folded as (
         insert into ledger_daily_folded (day, reason, from_kind, to_kind, amount, movements)
         select day, reason, from_kind, to_kind, sum(amount), sum(movements) from taken group by 1, 2, 3, 4
         on conflict (day, reason, from_kind, to_kind) do update
           set amount = ledger_daily_folded.amount + excluded.amount,
               movements = ledger_daily_folded.movements + excluded.movements
         returning 1)
  select count(*) into moved from taken;
  with taken as (delete from market_daily_delta returning *),
       folded as (
         insert into market_daily_folded (day, territory_type, trades, volume, prices, median_price)
         select day, territory_type, count(*), sum(price), array_agg(price order by price),
                percentile_cont(0.5) within group (order by price)
           from taken group by 1, 2
         on conflict (day, territory_type) do update
           set trades = market_daily_folded.trades + excluded.trades,
               volume = market_daily_folded.volume + excluded.volume,
               prices = (select array_agg(p order by p) from unnest(market_daily_folded.prices || excluded.prices) p),
               median_price = (select percentile_cont(0.5) within group (order by p) from unnest(market_daily_folded.prices || excluded.prices) p)
         returning 1)
  select count(*) into trades from taken;
  return moved + trades;
end
$$;
