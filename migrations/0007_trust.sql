-- Trustworthy edges: shared rate-limit counters, lookalike-proof names, addresses an account trusts.

-- rate-limiter-flexible's PostgreSQL store (its own table layout): one row per counter, `expire` in
-- epoch milliseconds. Every process counts in the same rows, and an upsert counts atomically.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index rate_limits_expire on rate_limits (expire);

-- The Unicode TR39 skeleton of each name: two names that look alike share it, so the unique index
-- refuses the second even when both registrations run at the same moment. Filled in for existing
-- accounts at start-up (the skeleton is computed in code); NULL only for an old name whose
-- skeleton an older account already holds.
alter table users add column name_skeleton text;
create unique index users_name_skeleton on users (name_skeleton);

-- Addresses that logged in to an account with its password: a flood of wrong passwords from
-- elsewhere does not lock them out.
create table login_addresses (
  user_id text not null references users (id) on delete cascade,
  address text not null,
  last_login_at timestamptz not null,
  primary key (user_id, address)
);

-- The racy per-row login counters gave way to the shared counters above.
alter table users drop column failed_logins, drop column login_blocked_until;

-- Abandoned checkouts are found by age.
create index payments_pending on payments (created_at) where status = 'pending';
