-- docs/rules.md §4 "Alliances", "Chat": an alliance's members talk in a chat of their own.
--
-- Its messages are chat messages like a territory's, in the same table, so one author's messages
-- are counted in one place for the rate limit, and the desk lists, removes and audits both alike.
-- A message belongs to exactly one place: a territory or an alliance.
alter table chat_messages alter column territory_id drop not null;
alter table chat_messages add column alliance_id integer references alliances (id);
alter table chat_messages add constraint chat_messages_one_place check (num_nonnulls(territory_id, alliance_id) = 1);
create index chat_messages_alliance on chat_messages (alliance_id, id) where alliance_id is not null;
