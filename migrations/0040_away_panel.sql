-- Issue 28 part 4: while a player was away. The summary is read from the ledger and the notices
-- (game-server/domain/away/summary.ts); only when a player was last seen is kept here.

-- The summary and a rank at a past moment read the ledger by time.
create index ledger_created on ledger (created_at);

-- One row per player: when its client last said it was there (by the game's clock), and the absence
-- its next panel summarises, set when a visit comes an hour or more after the one before and
-- cleared when the player dismisses the panel.
create table player_presence (
  user_id text primary key references users (id) on delete cascade,
  last_seen_at timestamptz not null,
  away_from timestamptz,
  away_to timestamptz,
  check ((away_from is null) = (away_to is null)),
  check (away_from is null or away_from < away_to)
);
