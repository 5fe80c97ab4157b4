-- docs/rules.md §4 "Trades that count": a sale between players that the published filter leaves out
-- (linked accounts, a round trip, a pair trading again and again, a price far from the type's
-- median) keeps why on its row, written with the row, and the market's daily prices leave it out.
alter table ownership_changes add column not_counted text
  check (not_counted is null or not_counted in ('linked', 'round_trip', 'repeated_pair', 'off_market'));
update ownership_changes set not_counted = 'linked' where linked is not null;

create or replace function market_daily_add() returns trigger language plpgsql as $$
begin
  insert into market_daily_delta (day, territory_type, price)
  select (a.created_at at time zone 'UTC')::date, t.type, a.price
    from added a
    join territories t on t.id = a.territory_id
   where a.reason = 'purchase' and a.not_counted is null;
  return null;
end
$$;

-- The sales between linked accounts counted in the daily prices until now leave them, under the
-- folding job's lock (fold_rollups()) so no process folds while the rollup is built again.
select pg_advisory_xact_lock(2200220021);
delete from market_daily_folded;
delete from market_daily_delta;
insert into market_daily_delta (day, territory_type, price)
select (c.created_at at time zone 'UTC')::date, t.type, c.price
  from ownership_changes c
  join territories t on t.id = c.territory_id
 where c.reason = 'purchase' and c.not_counted is null;

-- The open books list the latest trades left out, newest first.
create index ownership_changes_not_counted on ownership_changes (created_at desc, id desc) where not_counted is not null;
