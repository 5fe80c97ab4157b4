-- docs/design.md "One clock": every time the game writes is the game's clock (the command's or job's
-- `now`), never the database host's. The away summary and the digests cut the ledger, the notices and
-- the changes of owner by the game's time, so a line stamped by another clock could fall out of its
-- window. Without a default, an insert that forgets its time fails instead of taking the other clock.
alter table ledger alter column created_at drop default;
alter table notifications alter column created_at drop default;
alter table ownership_changes alter column created_at drop default;
