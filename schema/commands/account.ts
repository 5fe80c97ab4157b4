import { z } from 'zod';
import { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from '../api/api-keys.ts';
import { MarkReadBody, NotificationPreferenceBody, NotificationPreferencesDto } from '../api/notifications.ts';
import { player } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// What a player keeps for itself: its notices' read marks and kinds, and the API keys its programs
// use. A key is made and stopped only from a session: no key may send these (scope null).
export const MarkNotificationsRead = declareCommand(
  z.object({ type: z.literal('notifications.read'), body: payload(MarkReadBody) }),
  player(),
  {
    method: 'post',
    path: '/notifications/read',
    scope: null,
    tag: 'Notifications',
    summary: 'Mark these notices read (no ids: all of them)',
    ok: { status: 200, schema: z.object({ unread: z.number().int() }), description: 'Unread left' },
  },
);
export const SetNotificationPreference = declareCommand(
  z.object({ type: z.literal('notifications.set-preference'), body: payload(NotificationPreferenceBody) }),
  player(),
  {
    method: 'post',
    path: '/notifications/preferences',
    scope: null,
    tag: 'Notifications',
    summary: 'Switch one kind of notice on or off',
    ok: { status: 200, schema: NotificationPreferencesDto, description: 'Preferences' },
  },
);
export const CreateApiKey = declareCommand(z.object({ type: z.literal('api-key.create'), body: payload(CreateApiKeyBody) }), player(), {
  method: 'post',
  path: '/api-keys',
  scope: null,
  tag: 'API keys',
  summary: 'Create an API key',
  description: 'The answer holds the key itself: it is shown this once and stored only as a hash.',
  ok: { status: 201, schema: CreatedApiKeyDto, description: 'The key, with its secret' },
  errors: [409],
});
export const RevokeApiKey = declareCommand(z.object({ type: z.literal('api-key.revoke'), keyId: TargetId('API key id') }), player(), {
  method: 'delete',
  path: '/api-keys/:id',
  params: { id: pathId('keyId', 'API key id') },
  scope: null,
  tag: 'API keys',
  summary: 'Revoke an API key',
  ok: { status: 200, schema: ApiKeyDto, description: 'The key, now revoked' },
});

export const accountCommands = [MarkNotificationsRead, SetNotificationPreference, CreateApiKey, RevokeApiKey] as const;
