-- The marketplace's search finds a word anywhere in a listing's name (`name ilike '%word%'`), which
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
