-- The transactional outbox: every committed command leaves its domain events here, numbered, in
-- the same transaction as the rows it changed. A relay in every process delivers them to the
-- world rooms in order; a room that misses a number reloads the world from the tables.
--
-- The numbers come from one counter row rather than a sequence: the row lock is held until
-- commit, so numbers are handed out in commit order and a rolled-back transaction returns its
-- numbers. Readers therefore never see a hole that a later commit fills, and any hole they do see
-- means the rows were pruned.
create table outbox_counter (
  id boolean primary key default true check (id),
  last_seq bigint not null
);
insert into outbox_counter (id, last_seq) values (true, 0);

create table outbox (
  seq bigint primary key,
  event jsonb not null,
  -- The request that caused the event, so a command can be followed from HTTP to the room.
  trace_id text,
  created_at timestamptz not null default now()
);
create index outbox_created_at on outbox (created_at);
