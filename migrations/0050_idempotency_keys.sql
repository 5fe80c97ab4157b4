-- docs/write-path.md "Idempotent commands": the first outcome of each command under its key, kept
-- 24 hours so a retry with the same key is answered it and changes nothing. A command's own
-- transaction writes its row, so the row exists exactly when the command was applied (or refused
-- by the rules); a key the client did not send is the pipeline's own, so the outcome of a commit
-- whose answer was lost can still be read. `status` is null only while a command that runs several
-- transactions of its own (a payment) is under way, until `locked_until`.
create table idempotency_keys (
  caller text not null check (length(caller) between 1 and 300),
  key text not null check (length(key) between 1 and 255),
  fingerprint text not null check (length(fingerprint) = 64),
  command text not null check (length(command) between 1 and 100),
  status smallint check (status between 200 and 499),
  body json,
  locked_until timestamptz,
  created_at timestamptz not null,
  primary key (caller, key)
);

-- The sweep deletes by age.
create index idempotency_keys_created_at on idempotency_keys (created_at);
