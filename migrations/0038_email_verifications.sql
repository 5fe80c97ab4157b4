-- Issue 28: an address is confirmed by a link mailed to it (docs/rules.md §11 "Mail"). Only the
-- SHA-256 of the link's token is kept; the row names the address it confirms, so a link sent to an
-- address the player has since changed confirms nothing.
create table email_verifications (
  token_hash bytea primary key,
  user_id text not null references users (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null
);
create index email_verifications_user on email_verifications (user_id);
