-- An advertiser follows a card-paid ad without an account (docs/rules.md §4 "Advertise flow"): the
-- receipt link carries a random token, and only its SHA-256 is kept, so the table cannot be read
-- back into working links.
alter table ads add column receipt_token_hash bytea unique;

-- One row per banner impression (docs/rules.md §9 "Advertising": one client shown the banner for
-- one rotation slot counts once). The banner-impressions job inserts what the rooms showed and
-- adds to ads.impressions_delivered only what was new, so a retried flush counts nothing twice.
create table ad_impressions (
  ad_id integer not null references ads (id),
  slot bigint not null,
  viewer text not null,
  primary key (ad_id, slot, viewer)
);
create index ad_impressions_slot on ad_impressions (slot);
