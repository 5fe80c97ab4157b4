-- The marketplace pages its listings by price (GET /api/marketplace's default sort): a partial
-- index holds only the territories for sale, in the order the keyset pages walk them.
create index territories_for_sale on territories (sale_price, id) where sale_price is not null;
