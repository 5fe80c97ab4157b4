-- The economy's records beyond balances: rent due, ownership history, chat, ads, card payments and broadcasts.

-- A payment due from one territory's owner to its overlord's owner for one rent period.
create table rent_payments (
  id integer generated always as identity primary key,
  period text not null,
  payer_territory_id integer not null references territories (id),
  payee_territory_id integer references territories (id),
  payer_id text not null references users (id),
  payee_id text not null references users (id),
  payment_type text not null check (payment_type in ('rent', 'sub_rent', 'other')),
  amount bigint not null check (amount > 0),
  due_date timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (payer_territory_id, period),
  check (payer_id <> payee_id)
);
create index rent_payments_payer on rent_payments (payer_id) where paid_at is null;
create index rent_payments_payee on rent_payments (payee_id);

-- Every change of owner, gifts included (a gift moves no DRK, so the ledger alone cannot tell it).
create table ownership_changes (
  id bigint generated always as identity primary key,
  territory_id integer not null references territories (id),
  from_owner_id text references users (id),
  to_owner_id text references users (id),
  price bigint not null check (price >= 0),
  reason text not null check (reason in ('purchase', 'assignment', 'gift')),
  created_at timestamptz not null default now()
);
create index ownership_changes_territory on ownership_changes (territory_id, created_at);

create table chat_messages (
  id bigint generated always as identity primary key,
  territory_id integer not null references territories (id),
  user_id text not null references users (id),
  message text not null check (length(message) between 1 and 500),
  created_at timestamptz not null default now()
);
create index chat_messages_territory on chat_messages (territory_id, id);
create index chat_messages_user_recent on chat_messages (user_id, created_at);

-- A card payment with the provider. Fulfilment happens once, keyed by the provider's id.
create table payments (
  id text primary key,
  provider text not null check (provider in ('stripe', 'sandbox')),
  purpose text not null check (purpose in ('drk_package', 'broadcast', 'ad')),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  status text not null check (status in ('pending', 'succeeded', 'failed', 'canceled', 'refunded')),
  user_id text references users (id),
  metadata jsonb not null default '{}',
  failure_message text,
  fulfilled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payments_user on payments (user_id);

-- An ad, bought by card by an advertiser (no account) or with DRK by a player (a dashboard banner).
create table ads (
  id integer generated always as identity primary key,
  title text not null check (length(title) between 1 and 100),
  content text not null check (length(content) between 1 and 1000),
  click_url text,
  territory_id integer references territories (id),
  advertiser_name text,
  advertiser_email text,
  buyer_user_id text references users (id),
  impressions_wanted integer not null check (impressions_wanted > 0),
  impressions_delivered integer not null default 0 check (impressions_delivered >= 0),
  clicks integer not null default 0 check (clicks >= 0),
  total_cost_cents integer check (total_cost_cents >= 0),
  cost_drk bigint check (cost_drk >= 0),
  payment_id text references payments (id),
  status text not null check (status in ('pending_payment', 'in_review', 'active', 'completed', 'rejected', 'refunded')),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);
create index ads_active_territory on ads (territory_id) where status = 'active';

create table broadcasts (
  id integer generated always as identity primary key,
  sender_id text not null references users (id),
  message text not null check (length(message) between 1 and 200),
  paid boolean not null default true,
  payment_id text unique references payments (id),
  cost_cents integer not null default 100,
  reach_count integer not null default 0 check (reach_count >= 0),
  created_at timestamptz not null default now()
);
create index broadcasts_sender_recent on broadcasts (sender_id, created_at);
