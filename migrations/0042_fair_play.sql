-- Issue 28 part 6: a season counts only real play. Two accounts that paid with one card are one
-- player's for the tasks: the provider's fingerprint of the card (the same for every payment with
-- that card, and no use to anyone who reads it) is kept with the payment.
alter table payments add column card_fingerprint text check (card_fingerprint is null or length(card_fingerprint) between 1 and 128);
create index payments_card on payments (card_fingerprint) where card_fingerprint is not null;
