-- What happened to a player while they were not looking: one row per notice, written in the same
-- transaction as what caused it, so a notice never names something that did not commit.
create table notifications (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  kind text not null check (kind in (
    'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
    'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded'
  )),
  text text not null check (length(text) between 1 and 300),
  link text check (link is null or link ~ '^/'),
  -- A reminder that must be sent once (rent due soon for one payment) carries a key; see the index.
  once_key text,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_recent on notifications (user_id, id desc);
create index notifications_user_unread on notifications (user_id) where read_at is null;
create unique index notifications_once on notifications (user_id, once_key) where once_key is not null;

-- A newcomer's one free territory: the primary key is what makes it one per player.
create table starter_claims (
  user_id text primary key references users (id) on delete cascade,
  territory_id integer not null references territories (id),
  claimed_at timestamptz not null default now()
);
