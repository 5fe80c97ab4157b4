-- A checkout its player gave up (canceled it, or started a newer broadcast checkout in its place) is
-- marked here, not in its player-facing message: a payment that gets through for it anyway is
-- refunded by fulfilment rather than honoured (payments/cancel-checkout.ts).
alter table payments add column canceled_by_player boolean not null default false;
