-- docs/rules.md §10: a season is always running. When none is (a new game, or a treasury that could
-- not cover a pool in time), the season job announces the one running now, so a newcomer always has
-- a season to join: a season may be announced until it ends, no longer only before it starts.
do $$
declare
  found text;
begin
  select conname into found
    from pg_constraint
   where conrelid = 'seasons'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%announced_at < starts_at%';
  execute format('alter table seasons drop constraint %I', found);
end
$$;
alter table seasons add constraint season_announced_before_its_end check (announced_at < ends_at);
