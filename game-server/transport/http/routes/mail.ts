import { Router } from 'express';
import { MAIL_STOP_KIND_NAMES, MAIL_STOP_KINDS, UnsubscribeToken, type MailStopKind } from '../../../../schema/api/mail.ts';
import { mailSettings } from '../../../domain/mail/account-mail.ts';
import { notFound } from '../../../errors.ts';
import { GAME_NAME } from '../../../domain/mail/templates.ts';
import { take } from '../../../infra/limits/take.ts';
import { COMMAND_LIMITS } from '../command-limits.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${GAME_NAME}: mail</title></head><body style="font-family: Helvetica, Arial, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">${body}</body></html>`;

/**
 * The account's mail settings, and the page an unsubscribe link opens in a browser (docs/rules.md §11 "Mail"): it says which mail
 * the link stops and offers the one button that POSTs to it. Opening it changes nothing, so a mail
 * scanner that follows links stops nobody's mail; the POST is the command.
 */
export function mailRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.get('/account/mail', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await mailSettings(deps.sql, requireUser(res).id));
  });

  router.get('/mail/unsubscribe/:token', async (req, res) => {
    const limit = COMMAND_LIMITS['mail-link'];
    await take(limit.counter(deps.limits.doors), limit.keyOf(req, res), limit.refusal);
    if (!UnsubscribeToken.safeParse(req.params.token).success) throw notFound('This unsubscribe link is not valid');
    res.set('Cache-Control', 'no-store').type('html');
    const kind = req.params.token.split('.')[2] as MailStopKind;
    const name = MAIL_STOP_KINDS.includes(kind) ? MAIL_STOP_KIND_NAMES[kind] : 'this mail';
    res.send(
      page(`<h1>${GAME_NAME}</h1><p>Stop receiving ${name}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`),
    );
  });
  return router;
}
