-- Scheduled backups (BACKUP_CRON): one row per scheduled moment. The process that inserts it takes
-- the backup, so several processes on one database make one copy per moment; the row says whether
-- the copy was written and passed the ledger invariants when opened, for the backup-age metric.
create table backup_runs (
  slot timestamptz primary key,
  started_at timestamptz not null,
  finished_at timestamptz,
  file text,
  bytes bigint,
  ok boolean,
  problem text
);
create index backup_runs_checked on backup_runs (finished_at) where ok;
