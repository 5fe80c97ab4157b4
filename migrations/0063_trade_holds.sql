-- docs/rules.md §4 "Trade holds": for a day after a password change, an e-mail change or a login
-- from a new network, the account cannot pass land or DRK to anyone. One hold an account, the
-- latest change's; the Wanakt's desk may lift it (lifted_by, for the audit line beside it).
alter table users
  add column trade_hold_until timestamptz,
  add column trade_hold_reason text check (trade_hold_reason is null or trade_hold_reason in ('password', 'email', 'new_network')),
  add constraint users_trade_hold_whole check ((trade_hold_until is null) = (trade_hold_reason is null));
create index users_trade_hold on users (trade_hold_until) where trade_hold_until is not null;

-- The desk's lifting of a hold is an audit line beside the Wanakt's other actions.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in (
  'mint', 'assign', 'rent', 'rent_cycle', 'settlement', 'pin',
  'ad_approve', 'ad_reject', 'chat_remove', 'broadcast_remove', 'mute', 'unmute',
  'gift', 'lift_hold'
));
