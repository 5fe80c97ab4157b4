-- A player may give a territory to another (the command territory.gift): value that moves between
-- accounts without DRK, so the desk's audit log records each gift beside the Wanakt's actions.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in (
  'mint', 'assign', 'rent', 'rent_cycle', 'settlement', 'pin',
  'ad_approve', 'ad_reject', 'chat_remove', 'broadcast_remove', 'mute', 'unmute',
  'gift'
));
