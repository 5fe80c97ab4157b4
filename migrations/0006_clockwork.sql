-- The clockwork's own records: which rent periods, earnings months and banner slots have run, so
-- that each runs once however many processes start it, and a run cut short by a crash is finished
-- by the next one instead of started again.

-- One row per rent period. A pass walks the owned territories in id order, one committed batch at
-- a time; resume_after_id is the last territory a committed batch covered. The moment and the
-- rent multiplier are fixed when a pass begins, so every batch of a pass charges alike.
create table rent_periods (
  period text primary key check (period ~ '^[0-9]{4}-H[12]$'),
  first_started_at timestamptz not null,
  pass_started_at timestamptz not null,
  rent_multiplier numeric not null check (rent_multiplier > 0),
  resume_after_id integer not null default 0,
  completed_at timestamptz,
  payments_created integer not null default 0 check (payments_created >= 0)
);

-- One row per month of earnings: the payout is planned once (every owned territory's amount, cut
-- to the supply left under the cap), then paid in batches.
create table earnings_months (
  month text primary key check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  planned_at timestamptz not null,
  revenue_multiplier numeric not null check (revenue_multiplier > 0),
  planned_total bigint not null check (planned_total >= 0),
  supply_remaining bigint not null,
  completed_at timestamptz
);

-- A territory's earnings for one month: the primary key is what makes it paid once.
-- base, multiplier_bonus and ad_revenue are the rule's figures; the amounts are what the plan pays
-- (smaller only near the cap), and the paid columns what was minted.
create table territory_earnings (
  month text not null references earnings_months (month),
  territory_id integer not null references territories (id),
  owner_id text not null references users (id),
  base bigint not null,
  multiplier_bonus bigint not null,
  ad_revenue bigint not null,
  owner_amount bigint not null check (owner_amount >= 0),
  wanakt_amount bigint not null check (wanakt_amount >= 0),
  owner_paid bigint check (owner_paid >= 0),
  wanakt_paid bigint check (wanakt_paid >= 0),
  paid_at timestamptz,
  primary key (month, territory_id)
);
create index territory_earnings_unpaid on territory_earnings (month, territory_id) where paid_at is null;

-- One row per banner slot (floor(epoch seconds / BANNER_SECONDS)): the process whose insert wins
-- rotates the banner. A house ad of the game has a negative id and no ads row.
create table banner_slots (
  slot bigint primary key,
  ad_id integer references ads (id),
  house_ad_id integer check (house_ad_id < 0),
  rotated_at timestamptz not null,
  check ((ad_id is null) <> (house_ad_id is null))
);
