import { z } from 'zod';
import { CredentialsBody, RegistrationBody } from '../../../../schema/api/auth.ts';
import { IdParam } from '../../../../schema/api/ids.ts';
import { UnsubscribeToken } from '../../../../schema/api/mail.ts';
import { StatementCsvQuery } from '../../../../schema/api/statement.ts';
import { AccountDto } from '../../../../schema/api/user.ts';
import { DOOR_LIMITS, LOGIN_LIMITS } from '../../../infra/limits/door-limits.ts';
import { COMMAND_LIMITS } from '../command-limits.ts';
import { COMMAND_OPERATIONS } from './command-operations.ts';
import { limitText, type Operation } from './operation.ts';
import { READ_OPERATIONS } from './read-operations.ts';

const byId = (what: string) => z.object({ id: IdParam(what).meta({ description: what }) });

const Health = z.object({ status: z.enum(['ok']), database: z.enum(['postgres', 'embedded']) }).meta({ id: 'Health' });
const Readiness = z
  .object({
    ready: z.boolean(),
    draining: z.boolean(),
    database: z.enum(['ok', 'unreachable', 'not checked']),
    world: z.enum(['loaded', 'loading']),
  })
  .meta({ id: 'Readiness' });
const WebhookReceived = z.object({ received: z.literal(true), outcome: z.string() }).meta({ id: 'WebhookReceived' });

const auth: Operation[] = [
  {
    method: 'post',
    path: '/users/register',
    tag: 'Accounts',
    summary: 'Register a player (100 DRK minted) and start a session',
    access: 'public',
    scope: null,
    body: RegistrationBody,
    ok: { status: 201, schema: AccountDto, description: 'The new account; the session cookie is set' },
    errors: [409],
    rateLimit: limitText(DOOR_LIMITS.registration, 'client address'),
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Accounts',
    summary: 'Log in and start a session',
    access: 'public',
    scope: null,
    body: CredentialsBody,
    ok: { status: 200, schema: AccountDto, description: 'The account; the session cookie is set' },
    rateLimit: `Wrong passwords, counted before the check: ${limitText(LOGIN_LIMITS.perNameAndAddress, 'name and address')}; ${limitText(LOGIN_LIMITS.perAddress, 'address')}; ${limitText(LOGIN_LIMITS.perAccount, 'account, not counting addresses that logged in to it before')}`,
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'Accounts',
    summary: 'End the session',
    access: 'public',
    scope: null,
    ok: { status: 204, description: 'The session is ended and its cookie cleared' },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Whether the process is alive (a liveness probe)',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: Health, description: 'Up' },
  },
  {
    method: 'get',
    path: '/ready',
    tag: 'Service',
    summary: 'Whether the process should get traffic: not while it drains, its database is away or its world index loads',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: Readiness, description: 'Ready' },
    errors: [503],
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Service',
    summary: 'This document',
    access: 'public',
    scope: 'read',
    ok: { status: 200, schema: z.record(z.string(), z.unknown()), description: 'OpenAPI 3.1' },
  },
];

// The GETs that answer something other than JSON, or what no declaration could: each with why in its description.
const notJson: Operation[] = [
  {
    method: 'get',
    path: '/account/statement.csv',
    tag: 'Economy',
    summary: 'Your ledger statement as CSV',
    access: 'player',
    scope: 'read',
    query: StatementCsvQuery,
    ok: { status: 200, description: 'text/csv, one line per ledger movement' },
    rateLimit: limitText(DOOR_LIMITS.statementExport, 'player'),
  },
  {
    method: 'get',
    path: '/alliances/:id/statement.csv',
    tag: 'Alliances',
    summary: "The treasury's ledger statement as CSV (its members only)",
    access: 'player',
    scope: 'read',
    params: byId('Alliance id'),
    query: StatementCsvQuery,
    ok: { status: 200, description: 'text/csv, one line per ledger movement' },
    errors: [403, 404],
    rateLimit: limitText(DOOR_LIMITS.statementExport, 'player'),
  },
  {
    method: 'post',
    path: '/payments/webhook',
    tag: 'Payments',
    summary: "The payment provider's signed webhook",
    description: 'Verified by the Stripe-Signature header; not for keys or browsers.',
    access: 'public',
    scope: null,
    body: z.unknown(),
    ok: { status: 200, schema: WebhookReceived, description: 'Received' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/ads/:id/click',
    tag: 'Ads',
    summary: "Count a click and go to the ad's site",
    access: 'public',
    scope: 'read',
    params: byId('Ad id'),
    ok: { status: 302, description: "Redirect to the ad's URL", headers: { Location: "The ad's web address" } },
    rateLimit: `${COMMAND_LIMITS['ad-click-address'].documented}; ${COMMAND_LIMITS['ad-click'].documented}`,
  },
  {
    method: 'get',
    path: '/mail/unsubscribe/:token',
    tag: 'Accounts',
    summary: 'The page an unsubscribe link opens: it names the mail the link stops and POSTs to the same address',
    description:
      "text/html. Opening it changes nothing; the POST to the same address is what stops the mail (RFC 8058). The page's button posts with `?answer=page` and is answered with a page saying what was stopped.",
    access: 'public',
    scope: null,
    params: z.object({ token: UnsubscribeToken.meta({ description: 'The signed token of the unsubscribe link' }) }),
    ok: { status: 200, description: 'text/html, the page with its Unsubscribe button' },
    rateLimit: COMMAND_LIMITS['mail-link'].documented,
  },
];

/**
 * Every REST call the game answers, under /api. The OpenAPI document is generated from this list,
 * bearer keys are authorised by it, and a test fails when Express answers a call it lacks. Reads
 * and commands come from their declarations (schema/reads/, schema/commands/); this file holds the
 * calls that are neither: registering, logging in and out, the service's probes, the webhook and
 * the GETs that answer no JSON.
 */
export const OPERATIONS: readonly Operation[] = [...auth, ...READ_OPERATIONS, ...notJson, ...COMMAND_OPERATIONS];
