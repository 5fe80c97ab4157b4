-- The open books' market by region (docs/rules.md §4 "Trades that count") reads the counted sales
-- of its window: they are found by time.
create index ownership_changes_counted_sales on ownership_changes (created_at) where reason = 'purchase' and not_counted is null;
