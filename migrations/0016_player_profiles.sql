-- A player's profile lists its latest trades: changes of owner found by either side, not only by territory.
create index ownership_changes_from_owner on ownership_changes (from_owner_id);
create index ownership_changes_to_owner on ownership_changes (to_owner_id);
