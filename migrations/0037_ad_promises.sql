-- Issue 28: the advertiser's promises (docs/rules.md §4 "Advertise flow"). An ad is reviewed within
-- 24 hours of its payment or refunded in full; it runs at most 30 days from its approval, and what it
-- did not deliver by then is refunded pro rata. "24 hours" and "30 days" are read from the game's
-- clock by the jobs, so these columns hold the moments that clock gave.

-- When the payment (card) or the purchase (DRK banner) made the ad wait for review.
alter table ads add column paid_at timestamptz;
update ads set paid_at = created_at where status <> 'pending_payment';
-- Why the game refunds it: 'rejected' by the Wanakt or 'unreviewed' within 24 hours (in full), or
-- 'undelivered' at the end of its run (pro rata). Set in the step before the provider's refund, so
-- a refund the provider could not make yet is found and retried.
alter table ads add column refund_reason text check (refund_reason in ('rejected', 'unreviewed', 'undelivered'));
-- What went back: cents of a card payment, or DRK of a banner paid in DRK (its ledger line says the same).
alter table ads add column refund_cents integer check (refund_cents >= 0);
alter table ads add column refund_drk bigint check (refund_drk >= 0);
-- Set once the refund of refund_cents was made (the provider's refund id is on the payment).
alter table ads add column refunded_at timestamptz;
-- How a run ended: every impression delivered, or its 30 days over.
alter table ads add column ended_at timestamptz;
alter table ads add column end_reason text check (end_reason in ('delivered', 'expired'));
-- The receipt mail's own link, made when the payment succeeds (the link the checkout answered was
-- shown to the browser only); as for receipt_token_hash, only its SHA-256 is kept.
alter table ads add column mail_token_hash bytea unique;

-- A card payment refunded in part (an ad that ended short) stays 'succeeded' with what went back here;
-- one refunded in full is 'refunded' with its whole amount here.
alter table payments add column refunded_cents integer check (refunded_cents >= 0 and refunded_cents <= amount_cents);
update payments set refunded_cents = amount_cents where status = 'refunded';

create index ads_review_due on ads (paid_at) where status = 'in_review';
create index ads_run_due on ads (reviewed_at) where status = 'active';
create index ads_refund_pending on ads (id) where refund_reason is not null and refunded_at is null;
