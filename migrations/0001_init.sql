-- Accounts, sessions, the DRK supply and ledger, and the world: territories, collectibles, events.
-- DRK amounts are whole numbers (bigint); no balance may go below zero.

create table users (
  id text primary key,
  username text not null check (length(username) between 1 and 32),
  password_hash text not null,
  is_wanakt boolean not null default false,
  drk_balance bigint not null default 0 check (drk_balance >= 0),
  failed_logins integer not null default 0 check (failed_logins >= 0),
  login_blocked_until timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_username_ci on users (lower(username));

-- The cookie holds a random token; only its SHA-256 is stored, so a database leak leaks no session.
create table sessions (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user on sessions (user_id);

create table currency_supply (
  id boolean primary key default true check (id),
  max_supply bigint not null check (max_supply > 0),
  total_supply bigint not null default 0 check (total_supply >= 0),
  circulating_supply bigint not null default 0 check (circulating_supply >= 0),
  check (circulating_supply <= total_supply),
  check (total_supply <= max_supply)
);
insert into currency_supply (max_supply) values (21000000);

create table territories (
  id integer generated always as identity primary key,
  seed_key text unique,
  name text not null check (length(name) between 1 and 100),
  type text not null check (type in ('wanakt', 'main', 'sub', 'common', 'wonder', 'city', 'town', 'village')),
  parent_territory_id integer references territories (id),
  owner_id text references users (id),
  description text not null default '' check (length(description) <= 500),
  latitude numeric(9, 6) not null check (latitude between -90 and 90),
  longitude numeric(9, 6) not null check (longitude between -180 and 180),
  monthly_revenue bigint not null check (monthly_revenue >= 0),
  price bigint not null check (price >= 0),
  sale_price bigint check (sale_price >= 0),
  purchase_price bigint check (purchase_price >= 0),
  population bigint not null default 0 check (population >= 0),
  upgrade_tier text not null default 'standard' check (upgrade_tier in ('standard', 'premium', 'deluxe', 'ultimate')),
  rent_amount bigint check (rent_amount >= 0),
  visits bigint not null default 0 check (visits >= 0),
  created_at timestamptz not null default now()
);
create index territories_owner on territories (owner_id);
create index territories_parent on territories (parent_territory_id);

-- One row per DRK movement, written in the same transaction as the balances it changes.
-- A null from_user_id is a mint: the only way DRK comes into being.
create table ledger (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  reason text not null,
  from_user_id text references users (id),
  to_user_id text not null references users (id),
  amount bigint not null check (amount > 0),
  territory_id integer references territories (id),
  reference text,
  check (from_user_id is distinct from to_user_id)
);
create index ledger_from on ledger (from_user_id);
create index ledger_to on ledger (to_user_id);
create index ledger_territory on ledger (territory_id);

create function ledger_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only';
end
$$;
create trigger ledger_append_only before update or delete on ledger
  for each row execute function ledger_is_append_only();

create table collectibles (
  id integer generated always as identity primary key,
  seed_key text unique,
  name text not null,
  description text not null,
  type text not null check (type in ('palace_skin', 'heraldry')),
  rarity text not null check (rarity in ('common', 'rare', 'epic', 'legendary')),
  serial_number integer not null check (serial_number > 0),
  price bigint not null check (price >= 0),
  owner_id text references users (id),
  is_active boolean not null default false,
  acquired_at timestamptz,
  unique (name, serial_number)
);

create table special_events (
  id integer generated always as identity primary key,
  seed_key text unique,
  name text not null,
  description text not null,
  icon text not null,
  color text not null,
  bonus_multiplier numeric(6, 3) not null check (bonus_multiplier > 0),
  event_type text not null check (event_type in ('revenue', 'upgrade_discount', 'rent_discount')),
  start_date timestamptz not null,
  end_date timestamptz not null,
  is_active boolean not null default true,
  check (end_date > start_date)
);

create table territory_events (
  id integer generated always as identity primary key,
  seed_key text unique,
  territory_id integer not null references territories (id),
  name text not null,
  is_live boolean not null default false,
  scheduled_at timestamptz not null
);
create index territory_events_territory on territory_events (territory_id);
