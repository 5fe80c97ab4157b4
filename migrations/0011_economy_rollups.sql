-- The public economy's figures, kept by the write path. A statement trigger on each insert into the
-- ledger and into ownership_changes adds the new rows to daily rollups inside the same transaction,
-- so the rollups are never stale and no code path can forget them; the economy page reads these
-- few thousand rows instead of the whole ledger.

-- Every movement of a day, by reason and by the kinds of the two accounts. A null payer is a mint;
-- the Wanakt's account is the treasury. Mints by reason, flows and the supply after each day are
-- all sums over this table.
create table ledger_daily (
  day date not null,
  reason text not null,
  from_kind text not null check (from_kind in ('minted', 'treasury', 'player')),
  to_kind text not null check (to_kind in ('treasury', 'player')),
  amount bigint not null check (amount > 0),
  movements bigint not null check (movements > 0),
  primary key (day, reason, from_kind, to_kind)
);

-- Territory sales of a day by territory type. Every price is kept (sorted), so the median is exact;
-- it is recomputed from them on each sale, which costs only that day's sales of that type.
create table market_daily (
  day date not null,
  territory_type text not null,
  trades bigint not null check (trades > 0),
  volume bigint not null check (volume >= 0),
  prices bigint[] not null,
  median_price numeric not null,
  primary key (day, territory_type)
);

-- The result of every on-demand re-check of the money invariants; the latest is the public audit line.
create table supply_audits (
  id bigint generated always as identity primary key,
  checked_at timestamptz not null,
  ok boolean not null,
  problems text[] not null,
  total_supply bigint not null,
  circulating_supply bigint not null,
  balances bigint not null
);

-- The kind of account a ledger row's payer or payee is; a null payer is a mint.
create function account_kind(user_id text) returns text language sql stable as $$
  select case when user_id is null then 'minted'
              when (select is_wanakt from users where id = user_id) then 'treasury'
              else 'player' end
$$;

create function ledger_daily_add() returns trigger language plpgsql as $$
begin
  insert into ledger_daily (day, reason, from_kind, to_kind, amount, movements)
  select (created_at at time zone 'UTC')::date, reason, account_kind(from_user_id), account_kind(to_user_id), sum(amount), count(*)
    from added group by 1, 2, 3, 4
  on conflict (day, reason, from_kind, to_kind) do update
    set amount = ledger_daily.amount + excluded.amount,
        movements = ledger_daily.movements + excluded.movements;
  return null;
end
$$;

create function market_daily_add() returns trigger language plpgsql as $$
begin
  insert into market_daily (day, territory_type, trades, volume, prices, median_price)
  select (a.created_at at time zone 'UTC')::date, t.type, count(*), sum(a.price),
         array_agg(a.price order by a.price),
         percentile_cont(0.5) within group (order by a.price)
    from added a
    join territories t on t.id = a.territory_id
   where a.reason = 'purchase'
   group by 1, 2
  on conflict (day, territory_type) do update
    set trades = market_daily.trades + excluded.trades,
        volume = market_daily.volume + excluded.volume,
        prices = (select array_agg(p order by p) from unnest(market_daily.prices || excluded.prices) p),
        median_price = (select percentile_cont(0.5) within group (order by p) from unnest(market_daily.prices || excluded.prices) p);
  return null;
end
$$;

-- The rows written before this migration, then the triggers for every row after it (one transaction).
insert into ledger_daily (day, reason, from_kind, to_kind, amount, movements)
select (created_at at time zone 'UTC')::date, reason, account_kind(from_user_id), account_kind(to_user_id), sum(amount), count(*)
  from ledger group by 1, 2, 3, 4;

insert into market_daily (day, territory_type, trades, volume, prices, median_price)
select (c.created_at at time zone 'UTC')::date, t.type, count(*), sum(c.price),
       array_agg(c.price order by c.price),
       percentile_cont(0.5) within group (order by c.price)
  from ownership_changes c
  join territories t on t.id = c.territory_id
 where c.reason = 'purchase'
 group by 1, 2;

create trigger ledger_daily_add after insert on ledger
  referencing new table as added for each statement execute function ledger_daily_add();
create trigger market_daily_add after insert on ownership_changes
  referencing new table as added for each statement execute function market_daily_add();

-- A statement pages through one account's movements by id; these serve that as well as the
-- single-column lookups they replace.
drop index ledger_from;
drop index ledger_to;
create index ledger_from on ledger (from_user_id, id);
create index ledger_to on ledger (to_user_id, id);
