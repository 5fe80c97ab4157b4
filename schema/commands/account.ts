import { z } from 'zod';
import { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from '../api/api-keys.ts';
import { MarkReadBody, NotificationPreferenceBody, NotificationPreferencesDto } from '../api/notifications.ts';
import { MailPreferencesBody, MailSettingsDto, SetEmailBody, VerifyEmailBody } from '../api/mail.ts';
import { player, visitor, wanakt } from './permission.ts';
import { ChangePasswordBody } from '../api/auth.ts';
import { LiftTradeHoldBody } from '../api/desk.ts';
import { MessageDto } from '../api/territories.ts';
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

// The account's e-mail address and what may be mailed to it (docs/rules.md §11 "Mail").
export const SetEmail = declareCommand(z.object({ type: z.literal('account.set-email'), body: payload(SetEmailBody) }), player(), {
  method: 'post',
  path: '/account/email',
  scope: null,
  tag: 'Accounts',
  summary: "Set, change or remove the account's e-mail address",
  description:
    'A new address is sent a confirmation link and receives nothing else until the link is followed; null removes the address. An address another account confirmed is answered the same (it is sent a notice that someone tried to use it, not a link). Answers the settings.',
  ok: { status: 200, schema: MailSettingsDto, description: 'The mail settings' },
  limit: 'email-change',
});

export const VerifyEmail = declareCommand(z.object({ type: z.literal('account.verify-email'), body: payload(VerifyEmailBody) }), visitor, {
  method: 'post',
  path: '/account/email/verify',
  scope: null,
  tag: 'Accounts',
  summary: 'Confirm an e-mail address with the token of the link sent to it (no session needed)',
  description: 'The first account to confirm an address wins; the other accounts that had set it lose it and are told with a notice.',
  ok: { status: 200, schema: z.object({ email: z.string() }).meta({ id: 'VerifiedEmail' }), description: 'The confirmed address' },
  errors: [404, 409],
  limit: 'mail-link',
});

export const SetMailPreferences = declareCommand(
  z.object({ type: z.literal('account.mail-preferences'), body: payload(MailPreferencesBody) }),
  player(),
  {
    method: 'post',
    path: '/account/mail-preferences',
    scope: null,
    tag: 'Accounts',
    summary: 'Choose which mail the account receives: instant alerts, the rent threshold and the digest',
    ok: { status: 200, schema: MailSettingsDto, description: 'The mail settings' },
    limit: 'mail-preferences',
  },
);

// docs/rules.md §4 "Trade holds": a new password holds the account's trades for a day; the desk may lift a hold.
export const ChangePassword = declareCommand(
  z.object({ type: z.literal('account.change-password'), body: payload(ChangePasswordBody) }),
  player(),
  {
    method: 'post',
    path: '/account/password',
    scope: null,
    tag: 'Accounts',
    summary: "Change the account's password, with the current one",
    description:
      "Every other session of the account ends, and for 24 hours its trades are on hold: it can make offers and bid, but cannot accept an offer, start an auction, list below half its type's median, give land away or deposit into an alliance.",
    ok: { status: 200, schema: MessageDto, description: 'Changed' },
    errors: [403],
    limit: 'password-change',
  },
);
export const LiftTradeHold = declareCommand(z.object({ type: z.literal('trade-hold.lift'), body: payload(LiftTradeHoldBody) }), wanakt, {
  method: 'post',
  path: '/admin/trade-holds/lift',
  scope: null,
  tag: 'Wanakt',
  summary: "Lift an account's trade hold before its day is over",
  ok: { status: 200, schema: MessageDto, description: 'Lifted' },
  errors: [404, 409],
});

export const accountCommands = [
  MarkNotificationsRead,
  SetNotificationPreference,
  CreateApiKey,
  RevokeApiKey,
  SetEmail,
  VerifyEmail,
  SetMailPreferences,
  ChangePassword,
  LiftTradeHold,
] as const;
