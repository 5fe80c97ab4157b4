-- docs/rules.md §10 "Fair play": a sale or a rent payment between linked accounts is marked with
-- why, when it happens, so the rankings and a profile's trades read the mark instead of working
-- the links out again for every row.
alter table ownership_changes add column linked text check (linked is null or length(linked) between 1 and 500);
alter table rent_payments add column linked text check (linked is null or length(linked) between 1 and 500);
