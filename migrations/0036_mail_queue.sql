-- Issue 28: the game sends e-mail. Each message is a row written in the same transaction as the
-- change that causes it (a receipt with its payment, a refund with its refund), so a message never
-- names something that did not commit and nothing that committed goes unsent. The outbox is not
-- used for it: its rows are broadcast to every process in order and pruned, whereas a message must
-- be taken by exactly one sender, retried on its own schedule and kept as a record of what was sent.
--
-- A sender claims due rows with FOR UPDATE SKIP LOCKED, marks them 'sending' with a lease and
-- sends them outside the transaction; then marks each 'sent', 'bounced' (the server refused the
-- address), or back to 'queued' with a later next_attempt_at. A row found 'sending' after its lease
-- ran out belongs to a process that stopped mid-send: whether the server took it cannot be known,
-- so it is marked 'lost' and never sent again, since the rule is that nothing arrives twice.
create table mail_messages (
  id bigint generated always as identity primary key,
  -- Which template renders it (game-server/domain/mail/templates.ts).
  kind text not null check (length(kind) between 1 and 40),
  to_address text not null check (length(to_address) between 3 and 254),
  user_id text references users (id) on delete set null,
  ad_id integer references ads (id),
  -- What the template is rendered from, frozen when the cause committed.
  data jsonb not null default '{}',
  -- The kind of mail a recipient may stop (digest, sale, ad_report, ...); null: transactional.
  stop_kind text,
  -- A message that must be queued once, whoever notices it (one daily report per ad and day).
  once_key text unique,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'bounced', 'failed', 'lost', 'suppressed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  message_id text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index mail_messages_due on mail_messages (next_attempt_at) where status = 'queued';
create index mail_messages_sending on mail_messages (lease_until) where status = 'sending';
-- The per-address rate limit counts what was sent to an address in the last hour.
create index mail_messages_sent_to on mail_messages (lower(to_address), sent_at) where status = 'sent';
create index mail_messages_user on mail_messages (user_id, kind, created_at) where user_id is not null;
create index mail_messages_ad on mail_messages (ad_id, kind) where ad_id is not null;

-- An address the server refused for good (a 5xx answer to it): nothing more is sent there until
-- its owner sets it again.
create table mail_suppressions (
  address text primary key check (address = lower(address)),
  reason text not null,
  created_at timestamptz not null
);

-- The key that signs unsubscribe links, made once by the first process that needs it and shared by
-- every process through this row, so a link stays valid across restarts and processes.
create table mail_keys (
  id boolean primary key default true check (id),
  secret bytea not null check (length(secret) >= 32)
);
-- 244 random bits from two version-4 UUIDs (built into PostgreSQL 13 and later, PGlite included).
insert into mail_keys (secret) values (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- An advertiser (no account) stops an ad's daily report through the link in it.
alter table ads add column report_mail_off boolean not null default false;
