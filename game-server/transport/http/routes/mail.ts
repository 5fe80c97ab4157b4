import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { MAIL_STOP_KIND_NAMES, MAIL_STOP_KINDS, UnsubscribeToken, type MailStopKind } from '../../../../schema/api/mail.ts';
import { execute } from '../../../commands/execute.ts';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { GameError, notFound } from '../../../errors.ts';
import { GAME_NAME } from '../../../domain/mail/templates.ts';
import { take } from '../../../infra/limits/take.ts';
import { asUnavailable } from '../../../infra/db/unavailable.ts';
import { actorOf } from '../command.ts';
import { COMMAND_LIMITS } from '../command-limits.ts';
import type { HttpDeps } from '../deps.ts';

const STYLE =
  'body{font-family:Helvetica,Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}' +
  'h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#2563eb;color:#fff;cursor:pointer}' +
  '.done{color:#166534}.refused{color:#b91c1c}a{color:#2563eb}';
// The site's policy allows no inline style; this page allows its own stylesheet, by its hash.
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
// The query that asks the POST to answer with a page rather than JSON: the page's own button sends it.
const AS_PAGE = 'page';

function sendPage(res: Response, status: number, body: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string')
    res.setHeader('Content-Security-Policy', policy.replace(/style-src 'self'/, `style-src 'self' ${STYLE_SOURCE}`));
  // The site sends no referrer; a form posted from a no-referrer page carries `Origin: null`, which
  // the cross-site guard rightly refuses. Same-origin lets the button's POST name the game's origin.
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${GAME_NAME}: mail</title><style>${STYLE}</style></head><body><h1>${GAME_NAME}</h1>${body}</body></html>`,
    );
}

async function followLink(deps: HttpDeps, req: Request, res: Response): Promise<void> {
  const limit = COMMAND_LIMITS['mail-link'];
  await take(limit.counter(deps.limits.doors), limit.keyOf(req, res), limit.refusal);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const GAME_LINKS = '<p><a href="/account">Your mail settings</a> · <a href="/">Back to the game</a></p>';

/**
 * The account's mail settings, and the page an unsubscribe link opens in a browser (docs/rules.md §11 "Mail"): it says which mail
 * the link stops and offers the one button that POSTs to it. Opening it changes nothing, so a mail
 * scanner that follows links stops nobody's mail; the POST is the command.
 */
export function mailRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.get('/mail/unsubscribe/:token', async (req, res) => {
    await followLink(deps, req, res);
    if (!UnsubscribeToken.safeParse(req.params.token).success) throw notFound('This unsubscribe link is not valid');
    const kind = req.params.token.split('.')[2] as MailStopKind;
    const name = MAIL_STOP_KINDS.includes(kind) ? MAIL_STOP_KIND_NAMES[kind] : 'this mail';
    sendPage(
      res,
      200,
      `<p>Stop receiving ${name}?</p><form method="post" action="?answer=${AS_PAGE}"><button type="submit">Unsubscribe</button></form>`,
    );
  });
  return router;
}

/**
 * The page's button: the same command as the link's one-click POST, answered with a page a person
 * reads instead of JSON. Mounted before the command routes, which answer every other POST to the link.
 */
export function unsubscribePageRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();
  router.post('/mail/unsubscribe/:token', async (req, res, next) => {
    if (req.query.answer !== AS_PAGE) return next();
    try {
      await followLink(deps, req, res);
      const answer = await execute({ ...deps, payments }, actorOf(res), { type: 'mail.unsubscribe', token: req.params.token });
      const message = (answer.body as { message: string }).message;
      sendPage(res, 200, `<p class="done" role="status">${escapeHtml(message)}</p>${GAME_LINKS}`);
    } catch (thrown) {
      const error = asUnavailable(thrown);
      if (!(error instanceof GameError)) throw error;
      if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
      sendPage(res, error.status, `<p class="refused" role="alert">${escapeHtml(error.message)}</p>${GAME_LINKS}`);
    }
  });
  return router;
}
