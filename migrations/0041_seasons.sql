-- Issue 28 part 5: seasons (docs/rules.md §10). A season is announced with its pool and its tasks
-- before it starts, and what was announced is never changed; at its end the pool moves from the
-- treasury to the players by weight, once.

create table seasons (
  number integer primary key check (number > 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  -- DRK of the Wanakt's treasury shared at the end: moved, never minted.
  pool bigint not null check (pool > 0),
  -- The tasks as announced (schema/rules/seasons.ts SeasonTask[]).
  tasks jsonb not null,
  announced_at timestamptz not null check (announced_at < starts_at),
  paid_at timestamptz,
  paid_total bigint check (paid_total is null or paid_total = pool or paid_total = 0),
  check ((paid_at is null) = (paid_total is null))
);

-- What was announced stays as it was, and a season is paid once.
create function season_is_fixed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'an announced season is never withdrawn';
  end if;
  if new.number <> old.number or new.starts_at <> old.starts_at or new.ends_at <> old.ends_at or new.pool <> old.pool
     or new.tasks <> old.tasks or new.announced_at <> old.announced_at then
    raise exception 'a season''s announced pool, dates and tasks never change';
  end if;
  if old.paid_at is not null then
    raise exception 'season % was already paid', old.number;
  end if;
  return new;
end
$$;
create trigger season_fixed before update or delete on seasons for each row execute function season_is_fixed();

-- Every action that could count toward a task, with whether it did and, if not, why: the player's
-- progress is read from these rows, and the season page shows the ones that did not count.
create table season_actions (
  season integer not null references seasons (number),
  user_id text not null references users (id) on delete cascade,
  task text not null,
  -- What makes the action one: a day, a rent payment, a trade.
  key text not null,
  counted boolean not null,
  why text check ((why is null) = counted),
  at timestamptz not null,
  primary key (season, user_id, task, key)
);

-- A task a player completed: its notice is sent once, and its weight counts at the end.
create table season_completions (
  season integer not null references seasons (number),
  user_id text not null references users (id) on delete cascade,
  task text not null,
  weight integer not null check (weight > 0),
  completed_at timestamptz not null,
  primary key (season, user_id, task)
);

-- What the end of a season paid each player (the ledger lines carry the season in their reference).
create table season_payouts (
  season integer not null references seasons (number),
  user_id text not null references users (id),
  weight integer not null check (weight > 0),
  amount bigint not null check (amount >= 0),
  primary key (season, user_id)
);

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention',
  'season_task_completed', 'season_paid'
));
