-- docs/rules.md §4 "Offers": an offer of DRK for an owned territory, held in escrow until it ends.
--
-- The escrow is an account of the realm (is_wanakt: it is no player, so no board, count or digest
-- reads it; nobody can log in to it, as its password hash is no scrypt hash). An offer's DRK moves
-- to it by a ledger line when the offer is made and back by another when it ends, so the buyer's
-- statement shows both and the escrow's balance is always the DRK held in open offers
-- (game-server/domain/economy/supply.ts checks it).
insert into users (id, username, password_hash, is_wanakt) values ('escrow', '[escrow]', '!', true);

create table territory_offers (
  id integer generated always as identity primary key,
  territory_id integer not null references territories (id),
  buyer_id text not null references users (id),
  -- The owner it was made to: a change of owner voids it (docs/rules.md §4 "Offers").
  owner_id text not null references users (id),
  amount bigint not null check (amount > 0),
  status text not null default 'open' check (status in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'voided')),
  -- The owner's counter: a price it is bound to until counter_expires_at (never after expires_at).
  counter_price bigint check (counter_price > 0),
  counter_expires_at timestamptz,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  check ((counter_price is null) = (counter_expires_at is null)),
  check (counter_expires_at is null or counter_expires_at <= expires_at),
  check ((status = 'open') = (ended_at is null)),
  check (buyer_id <> owner_id)
);
-- One open offer per buyer and territory: a new price is a withdrawal and a new offer.
create unique index territory_offers_one_open on territory_offers (territory_id, buyer_id) where status = 'open';
create index territory_offers_open_territory on territory_offers (territory_id, amount desc) where status = 'open';
create index territory_offers_open_owner on territory_offers (owner_id, created_at desc) where status = 'open';
create index territory_offers_buyer on territory_offers (buyer_id, created_at desc);
create index territory_offers_due on territory_offers (expires_at) where status = 'open';

-- The lowest offer an owner will hear of; a new owner starts without one.
alter table territories add column min_offer bigint check (min_offer > 0);

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention',
  'season_task_completed', 'season_paid', 'email_claim_lost', 'offer_received', 'offer_countered', 'offer_ended'
));
