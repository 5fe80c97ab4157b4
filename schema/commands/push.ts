import { z } from 'zod';
import { PushSettingsBody, PushSettingsDto, PushSubscribeBody, PushUnsubscribeBody } from '../api/push.ts';
import { player } from './permission.ts';
import { payload } from './ref.ts';
import { declareCommand } from './registry.ts';

// docs/rules.md §11 "Push": the devices a player's notices are pushed to, and which notices, when.
// Only a session may change them: a device is subscribed from its own browser (scope null).

export const SubscribePush = declareCommand(z.object({ type: z.literal('push.subscribe'), body: payload(PushSubscribeBody) }), player(), {
  method: 'post',
  path: '/account/push/subscribe',
  scope: null,
  tag: 'Accounts',
  summary: 'Have the chosen notices pushed to this device',
  description:
    "The browser's push subscription (PushSubscription.toJSON()). The endpoint must be an https URL of a public host: no IP address, no private or local name. A player keeps at most 5 devices; a sixth replaces the oldest. Answers the settings.",
  ok: { status: 200, schema: PushSettingsDto, description: 'The push settings' },
  errors: [409],
  limit: 'push-settings',
});

export const UnsubscribePush = declareCommand(
  z.object({ type: z.literal('push.unsubscribe'), body: payload(PushUnsubscribeBody) }),
  player(),
  {
    method: 'post',
    path: '/account/push/unsubscribe',
    scope: null,
    tag: 'Accounts',
    summary: 'Push nothing more to this device',
    description: "Forgets the device with this endpoint, if it is one of the player's. Answers the settings.",
    ok: { status: 200, schema: PushSettingsDto, description: 'The push settings' },
    limit: 'push-settings',
  },
);

export const SetPushSettings = declareCommand(z.object({ type: z.literal('push.settings'), body: payload(PushSettingsBody) }), player(), {
  method: 'post',
  path: '/account/push/settings',
  scope: null,
  tag: 'Accounts',
  summary: 'Choose which notices are pushed, and the quiet hours that hold them',
  ok: { status: 200, schema: PushSettingsDto, description: 'The push settings' },
  limit: 'push-settings',
});

export const pushCommands = [SubscribePush, UnsubscribePush, SetPushSettings] as const;
