-- Card payments and ads as the payment flows use them.

-- A payment funds at most one ad.
create unique index ads_payment on ads (payment_id) where payment_id is not null;
create index ads_in_review on ads (created_at) where status = 'in_review';
create index ads_buyer on ads (buyer_user_id) where buyer_user_id is not null;

-- A click is redirected to click_url, so nothing but a web address may ever be stored there.
alter table ads add constraint ads_click_url_is_web check (click_url is null or click_url ~* '^https?://');

-- The provider's refund, so a refunded payment can be traced to the money that went back.
alter table payments add column refund_id text;

-- The unused broadcasts a player has paid for are found by purpose and status.
create index payments_user_purpose on payments (user_id, purpose, status);
