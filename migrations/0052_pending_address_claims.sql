-- Each account has its own pending claim on an address (docs/rules.md §11 "Mail"): a second
-- account setting an address another has set but not confirmed no longer takes it from them. Only
-- a confirmed address is one account's; the first to confirm it wins, and the other claimants are
-- told with a notice of the new kind 'email_claim_lost'.
drop index users_email_ci;
create unique index users_confirmed_email_ci on users (lower(email)) where email_verified_at is not null;
create index users_email_claims on users (lower(email)) where email is not null;

alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (kind in (
  'territory_sold', 'vassal_joined', 'rent_generated', 'rent_due_soon', 'rent_overdue', 'rent_received',
  'ad_approved', 'ad_rejected', 'ad_completed', 'payment_received', 'payment_refunded',
  'drk_minted', 'earnings_paid', 'rent_paid', 'territory_bought', 'territory_gifted', 'chat_mention',
  'season_task_completed', 'season_paid', 'email_claim_lost'
));
