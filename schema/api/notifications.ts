import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../rules/notifications.ts';

export const NotificationDto = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    text: z.string(),
    /** A page of the game where the player can act on it, or null. */
    link: z.string().nullable(),
    read: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationsDto = z
  .object({ notifications: z.array(NotificationDto), unread: z.number().int() })
  .meta({ id: 'Notifications' });
export type NotificationsDto = z.infer<typeof NotificationsDto>;

/** How many notices one read answers: the newest. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
/** At most this many ids in one request to mark notices read. */
export const MAX_MARK_READ = 100;

/** POST /api/notifications/read: these notices, or every one (no ids). */
export const MarkReadBody = z.strictObject({
  ids: z
    .array(
      z
        .number({ error: 'Notification ids must be whole numbers' })
        .int({ error: 'Notification ids must be whole numbers' })
        .positive({ error: 'Notification ids must be whole numbers' }),
      {
        error: 'ids must be a list of notification ids',
      },
    )
    .min(1, { error: 'Name at least one notification, or none to mark them all' })
    .max(MAX_MARK_READ, { error: `At most ${MAX_MARK_READ} notifications at a time` })
    .optional(),
});
export type MarkReadBody = z.infer<typeof MarkReadBody>;

/** GET and POST /api/notifications/preferences: each kind, its name, and whether the player hears of it. */
export const NotificationPreferencesDto = z
  .object({ preferences: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), name: z.string(), enabled: z.boolean() })) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesDto = z.infer<typeof NotificationPreferencesDto>;

/** POST /api/notifications/preferences: switch one kind on or off. */
export const NotificationPreferenceBody = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'Unknown kind of notification' }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
