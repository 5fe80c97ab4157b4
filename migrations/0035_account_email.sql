-- Issue 28: an account may carry an e-mail address, and says which mail it wants (docs/rules.md §6
-- "Player"). Nothing is sent to an address until its owner has followed the link mailed to it:
-- email_verified_at stays null until then, and changing the address clears it again.
alter table users
  add column email text check (email is null or length(email) between 3 and 254),
  add column email_verified_at timestamptz check (email_verified_at is null or email is not null);
-- One account per address, whatever its case: an address verified by one player cannot be claimed by another.
create unique index users_email_ci on users (lower(email));

-- The player's mail preferences, one column each so a new account gets the defaults without a row
-- of its own: by default only the weekly digest. The instant kinds (each off until switched on):
--   mail_sale            a purchase you make goes through (your own, or your API key's while you are away);
--   mail_listing_bought  another player buys land you listed;
--   mail_rent_above      rent received of more than this many DRK (null: no mail for rent);
--   mail_mention         someone mentions you in a chat.
-- digest: 'off', 'daily' or 'weekly'; digest_sent_at is when the last one was queued for the player,
-- so the next covers only what happened since.
alter table users
  add column mail_sale boolean not null default false,
  add column mail_listing_bought boolean not null default false,
  add column mail_rent_above bigint check (mail_rent_above is null or mail_rent_above >= 0),
  add column mail_mention boolean not null default false,
  add column digest text not null default 'weekly' check (digest in ('off', 'daily', 'weekly')),
  add column digest_sent_at timestamptz;
