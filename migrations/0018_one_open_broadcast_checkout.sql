-- One open broadcast checkout per player: ten parallel checkouts used to open ten payments, all
-- payable, for one broadcast a day. Older duplicates still open are given up first (a payment that
-- still arrives for one is refunded by fulfilment, as for any canceled checkout).
update payments p
   set status = 'canceled', failure_message = 'Superseded: one open broadcast checkout per player', updated_at = now()
 where p.purpose = 'broadcast' and p.status = 'pending'
   and exists (
     select 1 from payments q
      where q.user_id = p.user_id and q.purpose = 'broadcast' and q.status = 'pending'
        and (q.created_at, q.id) > (p.created_at, p.id));

create unique index payments_one_open_broadcast on payments (user_id) where purpose = 'broadcast' and status = 'pending';
