import { PushSettingsRead } from '../../../../schema/reads/push.ts';
import { PUSH_OFF, pushSettings } from '../../../domain/push/push-settings.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

export const pushReads = ({ sql, push }: HttpDeps): ReadBinding[] => [
  serve(PushSettingsRead, ({ player }) => pushSettings(sql, push ?? PUSH_OFF, player.id)),
];
