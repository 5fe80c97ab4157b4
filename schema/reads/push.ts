import { PushSettingsDto } from '../api/push.ts';
import { declareRead } from './registry.ts';

// docs/rules.md §11 "Push".

export const PushSettingsRead = declareRead({
  path: '/account/push',
  tag: 'Accounts',
  summary: 'Whether this server pushes notices, its public key, and what the player has pushed to which devices',
  access: 'player',
  scope: null,
  answer: PushSettingsDto,
  answered: 'The push settings',
  cache: { noStore: true },
});

export const PUSH_READS = [PushSettingsRead] as const;
