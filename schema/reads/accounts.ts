import { z } from 'zod';
import { ApiKeyDto } from '../api/api-keys.ts';
import { MailSettingsDto } from '../api/mail.ts';
import { StatementPage, StatementQuery } from '../api/statement.ts';
import { AccountDto, SessionDto } from '../api/user.ts';
import { declareRead } from './registry.ts';

// The account of the session or key, its keys, its mail settings and its statement.

export const SessionRead = declareRead({
  path: '/auth/session',
  tag: 'Accounts',
  summary: 'The account of the session or key, or none',
  description: 'Like /auth/me, but a visitor gets 200 with account null instead of 401.',
  access: 'public',
  scope: 'read',
  answer: SessionDto,
  answered: 'The account, or null for a visitor',
});

export const MeRead = declareRead({
  path: '/auth/me',
  tag: 'Accounts',
  summary: 'The account of the session or key',
  access: 'player',
  scope: 'read',
  answer: AccountDto,
  answered: 'The account',
});

export const ApiKeysRead = declareRead({
  path: '/api-keys',
  tag: 'API keys',
  summary: 'Your API keys, revoked ones included',
  description: 'Needs a session: no key can manage keys.',
  access: 'player',
  scope: null,
  answer: z.array(ApiKeyDto),
  answered: 'Newest first',
});

export const MailSettingsRead = declareRead({
  path: '/account/mail',
  tag: 'Accounts',
  summary: "The account's e-mail address, whether it is confirmed, and what the player wants mailed",
  access: 'player',
  scope: null,
  answer: MailSettingsDto,
  answered: 'The mail settings',
  cache: { noStore: true },
});

export const StatementRead = declareRead({
  path: '/account/statement',
  tag: 'Economy',
  summary: 'Your ledger statement, newest first, a page at a time (next_cursor)',
  access: 'player',
  scope: 'read',
  query: StatementQuery,
  answer: StatementPage,
  answered: 'A page of lines',
  limit: 'statement',
  cache: { staleOn: ['figures'] },
});

export const ACCOUNT_READS = [SessionRead, MeRead, ApiKeysRead, MailSettingsRead, StatementRead] as const;
