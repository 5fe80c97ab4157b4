-- docs/rules.md §10 "Fair play": a territory counts toward "land in three regions" for one holder
-- per season, the first whose purchase of it counted; the regions task reads these rows, keyed
-- 'territory <id>', joined with the land the player holds now.
create unique index season_actions_land_once on season_actions (season, key) where task = 'regions' and counted;
