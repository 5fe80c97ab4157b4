import { ApiKeysRead, MailSettingsRead, MeRead, SessionRead, StatementRead } from '../../../../schema/reads/accounts.ts';
import { readAccount } from '../../../domain/auth/accounts.ts';
import { listApiKeys } from '../../../domain/auth/api-keys.ts';
import { mailSettings } from '../../../domain/mail/account-mail.ts';
import { statementPage } from '../../../domain/economy/statement.ts';
import { unauthenticated } from '../../../errors.ts';
import type { HttpDeps } from '../deps.ts';
import { serve, type ReadBinding } from './serve.ts';

export const accountReads = ({ sql, clock }: HttpDeps): ReadBinding[] => [
  // A page asks this on every load: a visitor gets 200 with no account, not a 401 that the browser
  // reports as an error in the console of every page a visitor opens.
  serve(SessionRead, async ({ user }) => ({ account: user ? await readAccount(sql, user.id, clock()) : null })),
  serve(MeRead, async ({ player }) => {
    const account = await readAccount(sql, player.id, clock());
    if (!account) throw unauthenticated();
    return account;
  }),
  serve(ApiKeysRead, ({ player }) => listApiKeys(sql, player.id)),
  serve(MailSettingsRead, ({ player }) => mailSettings(sql, player.id)),
  serve(StatementRead, ({ player, input }) => statementPage(sql, player.id, input)),
];
