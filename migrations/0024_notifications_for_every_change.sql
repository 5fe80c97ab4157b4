-- Issue 24: a player hears of everything that changes its balance or its land, and of a chat
-- message that names it; each kind can be switched off.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention'
));

-- A kind a player switched off: notices of it are not written for that player. Every kind is on
-- until switched off, so a new kind reaches everyone.
create table notification_mutes (
  user_id text not null references users (id) on delete cascade,
  kind text not null,
  primary key (user_id, kind)
);
