-- docs/rules.md §11 "Push": a player's notices of a few kinds pushed to its devices (RFC 8030, with
-- VAPID and RFC 8291's encryption), by choice, and held through its quiet hours.

-- A device the player turned notices on for: the push service's endpoint and the browser's keys
-- the payload is encrypted to. An endpoint belongs to one account: a device signed in as another
-- player is handed over. At most 5 a player (game-server/domain/push/push-settings.ts).
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) between 8 and 1024),
  p256dh text not null check (length(p256dh) between 87 and 88),
  auth text not null check (length(auth) between 22 and 24),
  created_at timestamptz not null,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text
);
create index push_subscriptions_user on push_subscriptions (user_id, created_at);

-- Which kinds a player has pushed (schema/rules/push.ts PUSH_KINDS; none until chosen), and its
-- quiet hours: whole hours of its own clock, from start up to end, in an IANA time zone the
-- browser reported (the account stores no other).
create table push_preferences (
  user_id text primary key references users (id) on delete cascade,
  kinds jsonb not null default '[]' check (jsonb_typeof(kinds) = 'array'),
  quiet_start smallint check (quiet_start between 0 and 23),
  quiet_end smallint check (quiet_end between 0 and 23),
  time_zone text check (length(time_zone) between 1 and 64),
  check ((quiet_start is null) = (quiet_end is null) and (quiet_start is null) = (time_zone is null)),
  check (quiet_start is null or quiet_start <> quiet_end)
);

-- One row per stored notice and device it goes to, written in the notice's transaction: the notice
-- is the one source of what is said (its text and link are read when it is sent). A sender claims
-- a due row with FOR UPDATE SKIP LOCKED and marks it 'sending' with a lease in the same
-- transaction, POSTs outside it, then marks it 'sent', back to 'queued' for a retry, or 'failed'.
-- A row found 'sending' after its lease belongs to a process that stopped mid-send: it is 'lost',
-- never sent again, since nothing is pushed twice. During quiet hours next_attempt_at is their end;
-- a kind switched off before it went is 'dropped'. A device that is gone takes its rows with it.
create table push_deliveries (
  id bigint generated always as identity primary key,
  notification_id bigint not null references notifications (id) on delete cascade,
  subscription_id bigint not null references push_subscriptions (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'lost', 'dropped')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz,
  unique (notification_id, subscription_id)
);
create index push_deliveries_due on push_deliveries (next_attempt_at) where status = 'queued';
create index push_deliveries_sending on push_deliveries (lease_until) where status = 'sending';
create index push_deliveries_subscription on push_deliveries (subscription_id);
create index push_deliveries_done on push_deliveries (created_at) where status not in ('queued', 'sending');
