import { z } from 'zod';
import { UnsubscribedDto, UnsubscribeToken } from '../api/mail.ts';
import { visitor } from './permission.ts';
import { declareCommand } from './registry.ts';

// The links in the game's mail work without a session (docs/rules.md §11 "Mail").

/**
 * RFC 8058 one-click unsubscribe: a POST to the link, from the recipient's mail client or the page
 * the link opens, stops that kind of mail. The token is signed; the body is ignored.
 */
export const Unsubscribe = declareCommand(z.object({ type: z.literal('mail.unsubscribe'), token: UnsubscribeToken }), visitor, {
  method: 'post',
  path: '/mail/unsubscribe/:token',
  params: { token: { field: 'token', param: UnsubscribeToken.meta({ description: 'The signed token of the unsubscribe link' }) } },
  scope: null,
  tag: 'Accounts',
  summary: 'Stop one kind of mail, by the signed link in it (no session needed)',
  ok: { status: 200, schema: UnsubscribedDto, description: 'That kind is stopped' },
  errors: [404],
  limit: 'mail-link',
});

export const mailCommands = [Unsubscribe] as const;
