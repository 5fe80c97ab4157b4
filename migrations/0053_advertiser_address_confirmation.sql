-- An advertiser's address is sent nothing but the receipt until it is confirmed (docs/rules.md §11
-- "Mail", "An advertiser's address"): anyone can type any address at checkout, so the game must not
-- become a way to mail a stranger again and again.

-- The addresses an advertiser confirmed, lower-cased: confirmed once, they stay confirmed for every
-- later ad bought with the same address, as an advertiser expects of a shop it already confirmed.
create table advertiser_addresses (
  address text primary key check (address = lower(address)),
  confirmed_at timestamptz not null
);

-- The receipt mail's confirmation link, made with it; as for the receipt links, only its SHA-256 is
-- kept. It confirms the ad's address and opens nothing else.
alter table ads add column address_token_hash bytea unique;
