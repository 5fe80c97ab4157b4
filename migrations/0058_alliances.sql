-- docs/rules.md "Alliances": players band together under a name and a tag, with a treasury of their own.
--
-- An alliance's treasury is an account of the ledger: a row of users made with the alliance
-- (is_wanakt, as the escrow's: no player, so no board, count or digest reads it; nobody can log in
-- to it, as its password hash is no scrypt hash). Every deposit, payout and the return of what is
-- left when the alliance closes is a ledger line between it and a player, so the treasury's balance
-- is always what its lines add up to (game-server/domain/economy/supply.ts checks it).
create table alliances (
  id integer generated always as identity primary key,
  name text not null check (length(name) between 3 and 32),
  tag text not null check (length(tag) between 2 and 5),
  -- The lookalike skeletons of game-server/domain/names/name-skeleton.ts: two open alliances never
  -- share one, so nobody can wear another's name or tag.
  name_skeleton text not null,
  tag_skeleton text not null,
  treasury_id text not null unique references users (id),
  -- Paid out per day (UTC, by the game's clock) without a second officer's approval.
  daily_limit bigint not null default 0 check (daily_limit >= 0),
  founded_by text not null references users (id),
  founded_at timestamptz not null,
  closed_at timestamptz
);
create unique index alliances_open_name on alliances (name_skeleton) where closed_at is null;
create unique index alliances_open_tag on alliances (tag_skeleton) where closed_at is null;

create table alliance_members (
  -- A player belongs to at most one alliance.
  user_id text primary key references users (id),
  alliance_id integer not null references alliances (id),
  role text not null check (role in ('leader', 'officer', 'member')),
  joined_at timestamptz not null
);
create index alliance_members_alliance on alliance_members (alliance_id, role);
create unique index alliance_members_one_leader on alliance_members (alliance_id) where role = 'leader';

-- An invitation (an officer asks a player) or a request (a player asks to join), open until
-- accepted, or ended because the player joined an alliance, left its reach or the alliance closed.
create table alliance_applications (
  id integer generated always as identity primary key,
  alliance_id integer not null references alliances (id),
  user_id text not null references users (id),
  kind text not null check (kind in ('invitation', 'request')),
  asked_by text not null references users (id),
  created_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'accepted', 'ended')),
  answered_by text references users (id),
  ended_at timestamptz,
  check ((status = 'open') = (ended_at is null))
);
create unique index alliance_applications_one_open on alliance_applications (alliance_id, user_id) where status = 'open';
create index alliance_applications_user on alliance_applications (user_id) where status = 'open';

-- A payout from the treasury to a member: sent at once within the day's limit, else pending until
-- a second officer approves it.
create table alliance_payouts (
  id integer generated always as identity primary key,
  alliance_id integer not null references alliances (id),
  to_user_id text not null references users (id),
  amount bigint not null check (amount > 0),
  requested_by text not null references users (id),
  approved_by text references users (id),
  status text not null check (status in ('sent', 'pending', 'cancelled')),
  created_at timestamptz not null,
  sent_at timestamptz,
  check ((status = 'sent') = (sent_at is not null)),
  check (approved_by is null or approved_by <> requested_by)
);
create index alliance_payouts_alliance on alliance_payouts (alliance_id, created_at desc);
create index alliance_payouts_pending on alliance_payouts (alliance_id) where status = 'pending';

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention',
  'season_task_completed', 'season_paid', 'email_claim_lost', 'offer_received', 'offer_countered', 'offer_ended',
  'auction_outbid', 'auction_won', 'auction_sold', 'auction_ended_below_reserve',
  'alliance_invited', 'alliance_accepted', 'alliance_removed', 'alliance_payout'
));

-- docs/rules.md §11 "Mail": an alliance's invitations, acceptances, removals and payouts, mailed at once when chosen.
alter table users add column mail_alliance boolean not null default false;

-- The calls of an alliance are a key scope of their own (schema/api/api-keys.ts).
alter table api_keys drop constraint api_keys_scopes_check;
alter table api_keys add constraint api_keys_scopes_check
  check (cardinality(scopes) > 0 and scopes <@ array['read', 'ads', 'payments', 'trade', 'alliance']);
