-- `GET /api/territories?since=` (domain/world/changes.ts) reads the territories changed after an
-- event number: the outbox's events of one type in a range of numbers. The outbox keeps a day of
-- every event, balance moves and notices mostly, and the primary key walked all of them in the
-- range; this index holds the territory changes alone, so the read walks only those.
create index outbox_territories_changed on outbox (seq) where event ->> 'type' = 'territories.changed';
