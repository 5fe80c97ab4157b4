import { z } from 'zod';
import { CreateApiKeyBody } from '../api/api-keys.ts';
import { MarkReadBody, NotificationPreferenceBody } from '../api/notifications.ts';
import { payload, TargetId } from './ref.ts';

// What a player keeps for itself: its notices' read marks and kinds, and the API keys its programs use.
export const MarkNotificationsRead = z.object({ type: z.literal('notifications.read'), body: payload(MarkReadBody) });
export const SetNotificationPreference = z.object({ type: z.literal('notifications.set-preference'), body: payload(NotificationPreferenceBody) });
export const CreateApiKey = z.object({ type: z.literal('api-key.create'), body: payload(CreateApiKeyBody) });
export const RevokeApiKey = z.object({ type: z.literal('api-key.revoke'), keyId: TargetId('API key id') });

export const accountCommands = [MarkNotificationsRead, SetNotificationPreference, CreateApiKey, RevokeApiKey] as const;
