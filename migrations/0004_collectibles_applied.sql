-- A player wears one palace skin and one heraldry at a time: at most one applied collectible per
-- owner and type, whatever the writers do at once.
create unique index collectibles_one_applied on collectibles (owner_id, type) where is_active;
