-- The hourly rent reminders walk the unpaid payments in the order they fall due, batch after batch
-- (commands/reminders-run.ts): a rent period bills every owned territory at once, half a million
-- payments in a world of a million territories, and sorting them all for each batch took seconds.
create index rent_payments_unpaid_due on rent_payments (due_date, id) where paid_at is null;
