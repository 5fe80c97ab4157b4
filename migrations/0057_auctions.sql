-- docs/rules.md §4 "Auctions": a territory sold to the highest bid at a time that a late bid moves,
-- each leading bid's DRK held by the escrow account (0056) until it is beaten, returned or paid.
--
-- A bid's DRK moves to the escrow by a ledger line when it is made and back by another when it is
-- beaten, returned or paid, both naming the bid (`auction-bid:<id>`), so the escrow's balance is
-- always the DRK of the open offers plus the leading bids (game-server/domain/economy/supply.ts).

create table auctions (
  id integer generated always as identity primary key,
  territory_id integer not null references territories (id),
  seller_id text not null references users (id),
  start_price bigint not null check (start_price > 0),
  reserve bigint check (reserve > 0),
  status text not null default 'running' check (status in ('running', 'sold', 'unsold', 'cancelled', 'voided')),
  created_at timestamptz not null,
  -- Moved by a bid in its last minutes (the soft close): never earlier than it was.
  ends_at timestamptz not null,
  ended_at timestamptz,
  check ((status = 'running') = (ended_at is null)),
  check (ends_at > created_at)
);
-- One running auction per territory.
create unique index auctions_one_running on auctions (territory_id) where status = 'running';
create index auctions_due on auctions (ends_at) where status = 'running';
create index auctions_seller on auctions (seller_id, created_at desc);

create table auction_bids (
  id integer generated always as identity primary key,
  auction_id integer not null references auctions (id),
  bidder_id text not null references users (id),
  amount bigint not null check (amount > 0),
  -- leading: its DRK is held; outbid / returned: given back; won: paid for the territory.
  status text not null default 'leading' check (status in ('leading', 'outbid', 'returned', 'won')),
  created_at timestamptz not null,
  ended_at timestamptz,
  check ((status = 'leading') = (ended_at is null))
);
-- One leading bid per auction: two bids at once cannot both lead.
create unique index auction_bids_one_leading on auction_bids (auction_id) where status = 'leading';
create index auction_bids_auction on auction_bids (auction_id, id desc);
create index auction_bids_bidder on auction_bids (bidder_id, created_at desc);

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention',
  'season_task_completed', 'season_paid', 'email_claim_lost', 'offer_received', 'offer_countered', 'offer_ended',
  'auction_outbid', 'auction_won', 'auction_sold', 'auction_ended_below_reserve'
));
