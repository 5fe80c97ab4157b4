-- Keys for programs (REST callers). The key is 32 random bytes: only its SHA-256 is stored, and
-- its first characters, so its owner can tell keys apart without the secret.
create table api_keys (
  id integer generated always as identity primary key,
  user_id text not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  scopes text[] not null check (cardinality(scopes) > 0 and scopes <@ array['read', 'ads', 'payments', 'trade']),
  key_hash text not null unique,
  prefix text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user on api_keys (user_id, id);
