-- The marketplace at a million territories, half a million of them listed (bench/scale.bench.ts).
--
-- Its search finds a word anywhere in a listing's name (`name ilike '%word%'`), which
-- no b-tree can answer: at a million listings it read every one of them. A trigram index answers it
-- from the words' three-letter pieces. pg_trgm ships with PostgreSQL and is a trusted extension
-- (any owner of the database may create it); the embedded database loads it at start-up
-- (infra/db/database.ts). Where it cannot be created the search still works, reading every listing
-- as before, so a database without it is slower, never broken.
do $$
begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm is not available (%): the marketplace search reads without its trigram index', sqlerrm;
end
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index territories_for_sale_name_trigrams on territories using gin (name gin_trgm_ops) where sale_price is not null;
  end if;
end
$$;

-- Its pages by name and by revenue sorted every listing to show the first 24 (1.1 s at half a million
-- listings); like territories_for_sale for the price (migration 0017), these hold the listings in the
-- order the keyset pages walk them. Names compare byte by byte (collate "C"), as the pages do.
create index territories_for_sale_by_name on territories (name collate "C", id) where sale_price is not null;
create index territories_for_sale_by_revenue on territories (monthly_revenue, id) where sale_price is not null;
