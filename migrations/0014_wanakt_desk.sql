-- The Wanakt's desk: every action of the Wanakt, written in the same transaction as the action, and
-- the moderation of chat and broadcasts (removed messages and muted players, with reasons kept).

create table audit_log (
  id bigint generated always as identity primary key,
  actor_id text not null references users (id),
  action text not null check (action in (
    'mint', 'assign', 'rent', 'rent_cycle', 'settlement', 'pin',
    'ad_approve', 'ad_reject', 'chat_remove', 'broadcast_remove', 'mute', 'unmute'
  )),
  -- What it was done to, in words a reader of the log understands without another query.
  subject text not null check (length(subject) between 1 and 200),
  details jsonb not null default '{}',
  reason text check (reason is null or length(reason) between 1 and 300),
  created_at timestamptz not null default now()
);
create index audit_log_action on audit_log (action, id desc);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit log rows are append-only';
end
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();

-- A player may not chat or broadcast until muted_until; muting again replaces the row.
create table mutes (
  user_id text primary key references users (id) on delete cascade,
  muted_until timestamptz not null,
  reason text not null check (length(reason) between 1 and 300),
  muted_by text not null references users (id),
  created_at timestamptz not null default now()
);

-- A removed message stays stored (the audit log points at it) but is shown to nobody.
alter table chat_messages add column removed_at timestamptz;
alter table broadcasts add column removed_at timestamptz;

-- The wealth ranking reads the richest players, and a player's place counts those above it: both
-- walk this index instead of sorting every player.
create index users_wealth_rank on users (drk_balance desc, id) where not is_wanakt;
