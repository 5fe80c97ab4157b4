import { z } from 'zod';
import { API_KEY_RATE_LIMIT, API_KEY_SCOPES, type ApiKeyScope } from '../../../../schema/api/api-keys.ts';
import { ErrorDto } from '../../../../schema/api/user.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../../../schema/api/idempotency.ts';
import { SESSION_COOKIE } from '../../../domain/auth/sessions.ts';
import { API_BODY_LIMIT_BYTES } from '../body-limit.ts';
import { errorStatuses, type Operation } from './operation.ts';
import { OPERATIONS } from './operations.ts';
import { openApiPath } from './route-table.ts';

type JsonSchema = Record<string, unknown>;

/** The document's tags, in the order a reader meets them, each with what its calls are about. */
const TAGS: Record<string, string> = {
  Accounts: 'Registering, logging in and out, and the account of the session or key',
  'API keys': "A player's keys for programs; managed with a session only",
  Territories: 'The world: territories, their owners, listings, history and visits',
  Trade: 'Buying, upgrading and listing territories',
  Alliances: "Alliances: founding, members and roles, the treasury, its payouts and statement, the members' chat",
  Economy: "DRK's supply, the open books, the audit and your statement",
  Rent: 'Rent owed up the feudal chain, and paying it',
  Revenue: 'What your territories earn',
  Collectibles: 'Items bought with DRK and applied to territories',
  Chat: "Each territory's chat (an alliance's is under Alliances)",
  Events: 'Territory and world events the Wanakt schedules',
  Broadcasts: 'Paid messages to every player',
  Payments: 'Card payments: DRK packages, broadcasts and ads',
  Ads: 'Ads on territories and dashboard banners',
  Notifications: "A player's notices",
  'First steps': "A newcomer's starter territory",
  Away: 'What happened while you were away, and saying you are here',
  Seasons: "Seasons: tasks, progress, the pool from the Wanakt's treasury and its payouts",
  Rankings: 'Leaderboards',
  Players: "Players' public pages",
  Wanakt: "The Wanakt's own calls: minting, assigning, moderation, review",
  Service: 'Health and readiness',
};

/** Sent with every answer to a request made with an API key: its budget, as RateLimit-* headers say it. */
const KEY_BUDGET_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};
const HEADERS = {
  RetryAfter: { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } },
  RateLimitLimit: {
    description: `Requests the API key may make per ${API_KEY_RATE_LIMIT.seconds} s (sent only with a key)`,
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: {
    description: 'Requests the API key has left in this window (sent only with a key)',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: { description: 'Seconds until the window starts again (sent only with a key)', schema: { type: 'integer', minimum: 0 } },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'No session, or an unknown or revoked API key',
  403: 'Not allowed: another player, not the Wanakt, a key outside its scope, or a cross-site request',
  404: 'Unknown id',
  413: `The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} kB`,
  409: 'Conflict with the current state (already owned, not enough DRK, supply cap, ...), or a request with this Idempotency-Key still running',
  422: 'This Idempotency-Key was already used with a different request',
  429: 'Too many requests: wait for the Retry-After seconds',
  500: 'Something went wrong on our side',
  503: 'The game is too busy, stopping, or cannot reach its database: try again after the Retry-After seconds',
};

type ZodDef = { type: string; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

function replace(target: JsonSchema, by: JsonSchema) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, by);
}

/**
 * What a validator enforces after its transforms, written into the input schema zod derives from
 * what comes before them. A text read, trimmed, then checked (`max(10_000) → trim → 1..500`) is
 * documented with the checked lengths and a non-blank pattern; digits read from a path or a query
 * and checked as a number (`^[1-9][0-9]{0,9}$ → Number → max 2³¹−1`) as the integer range it is.
 * A field is required when the validator refuses it missing, whatever preprocessing it has.
 */
function enforced(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = defOf(ctx.zodSchema);
  const json = ctx.jsonSchema;
  if (def.type === 'object' && def.shape && json.type === 'object') {
    const required = Object.entries(def.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    if (required.length > 0) json.required = required;
    else delete json.required;
    return;
  }
  if (def.type !== 'pipe' || !def.out || defOf(def.out).type === 'transform' || json.type !== 'string') return;
  const out = z.toJSONSchema(def.out, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  if (out.type === 'number' || out.type === 'integer') {
    const positive = typeof json.pattern === 'string' && json.pattern.startsWith('^[1-9]');
    const { description, example } = json;
    replace(json, {
      type: 'integer',
      minimum: (out.minimum as number | undefined) ?? (positive ? 1 : 0),
      ...(out.maximum !== undefined && { maximum: out.maximum }),
      ...(description !== undefined && { description }),
      ...(example !== undefined && { example: Number(example) }),
    });
  } else if (out.type === 'string') {
    for (const bound of ['minLength', 'pattern', 'format', 'enum'] as const) if (out[bound] !== undefined) json[bound] = out[bound];
    if (typeof out.maxLength === 'number') json.maxLength = Math.min(out.maxLength, (json.maxLength as number | undefined) ?? Infinity);
    if ((out.minLength as number | undefined) && json.pattern === undefined) json.pattern = '\\S';
  }
}

/**
 * Turns zod schemas into JSON Schema 2020-12 (what OpenAPI 3.1 uses). Every schema with a
 * `.meta({ id })` becomes one shared component instead of a copy in each operation.
 */
function schemaConverter() {
  const components: Record<string, JsonSchema> = {};
  const toComponents = (json: string) => json.replaceAll('"#/$defs/', '"#/components/schemas/');
  const convert = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      ...(io === 'input' && { override: (ctx) => enforced(ctx as { zodSchema: unknown; jsonSchema: JsonSchema }) }),
    }) as JsonSchema;
    const {
      $schema: _dialect,
      $defs,
      ...rest
    } = JSON.parse(toComponents(JSON.stringify(converted))) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    Object.assign(components, $defs ?? {});
    return rest;
  };
  return { convert, components };
}

function parameters(operation: Operation, convert: (schema: z.ZodType, io: 'input') => JsonSchema) {
  const of = (location: 'path' | 'query', schema: z.ZodObject | undefined) =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => {
      const { description, example, ...fieldSchema } = convert(field as z.ZodType, 'input');
      return {
        name,
        in: location,
        required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        ...(description !== undefined && { description }),
        ...(example !== undefined && { example: fieldSchema.type === 'integer' ? Number(example) : example }),
        schema: fieldSchema,
      };
    });
  return [...of('path', operation.params), ...of('query', operation.query), ...(operation.command ? [IDEMPOTENCY_KEY_PARAMETER] : [])];
}

/** Every command's call takes a key, as Stripe's API does (docs/write-path.md "Idempotent commands"). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `A key of your choosing (a UUID) that names this request: sent again with the same request within ${IDEMPOTENCY_WINDOW_HOURS} hours, the first answer (success or refusal) comes back with \`${IDEMPOTENT_REPLAYED_HEADER}: true\` and nothing changes again; with a different request, 422; while the first is still running, 409. Retry a network error or a 503 with the same key.`,
  example: '5f0c7c2e-8a9b-4d6e-9f1a-2b3c4d5e6f70',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
};

/** One bearer scheme per key scope: a bearer scheme lists no scopes, so each scope is its own. */
const keyScheme = (scope: ApiKeyScope) => `apiKey${scope[0]!.toUpperCase()}${scope.slice(1)}`;

function security(operation: Operation) {
  const key = operation.scope ? [{ [keyScheme(operation.scope)]: [] }] : [];
  if (operation.access === 'public') return [{}, ...key];
  return [{ session: [] }, ...key];
}

function describeAccess(operation: Operation): string {
  const who =
    operation.access === 'wanakt'
      ? 'The Wanakt only, with a session: no API key is ever accepted.'
      : operation.access === 'player'
        ? (operation.command?.audience === 'owner'
            ? 'The owner of the territory it names, logged in (session cookie)'
            : 'A logged-in player (session cookie)') +
          (operation.scope ? ` or an API key with the \`${operation.scope}\` scope.` : '; no API key is accepted.')
        : 'Anyone' + (operation.scope ? `; an API key, when sent, needs the \`${operation.scope}\` scope.` : '; an API key is refused.');
  const limits = [
    operation.scope && `each key: ${API_KEY_RATE_LIMIT.requests} requests per ${API_KEY_RATE_LIMIT.seconds} s`,
    operation.rateLimit,
  ].filter(Boolean);
  return [operation.description, `**Access:** ${who}`, limits.length > 0 && `**Rate limit:** ${limits.join('; ')}.`]
    .filter(Boolean)
    .join('\n\n');
}

/** The OpenAPI 3.1 document of every REST call, generated from the same zod schemas the server validates with. */
export function openApiDocument(operations: readonly Operation[] = OPERATIONS) {
  const { convert, components } = schemaConverter();
  const errorSchema = convert(ErrorDto, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const budget = operation.scope ? KEY_BUDGET_HEADERS : {};
    const okHeaders = {
      ...Object.fromEntries(
        Object.entries(operation.ok.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
      ),
      ...budget,
    };
    const responses: Record<string, unknown> = {
      [operation.ok.status]: {
        description: operation.ok.description,
        ...(Object.keys(okHeaders).length > 0 && { headers: okHeaders }),
        ...(operation.ok.schema && { content: { 'application/json': { schema: convert(operation.ok.schema, 'output') } } }),
      },
    };
    for (const status of errorStatuses(operation)) {
      const headers = status === 429 || status === 503 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' }, ...budget } : budget;
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        ...(Object.keys(headers).length > 0 && { headers }),
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    const path = (paths[`/api${openApiPath(operation.path)}`] ??= {});
    path[operation.method] = {
      operationId: `${operation.method}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      tags: [operation.tag],
      summary: operation.summary,
      description: describeAccess(operation),
      security: security(operation),
      'x-access': operation.access,
      // A command's call names its command and the policy's audience (schema/commands/registry.ts): the test checks they agree.
      ...(operation.command && { 'x-command': operation.command.type, 'x-audience': operation.command.audience }),
      ...(operation.scope && { 'x-api-key-scope': operation.scope }),
      ...(operation.rateLimit && { 'x-rate-limit': operation.rateLimit }),
      parameters: parameters(operation, convert),
      ...(operation.body && {
        requestBody: { required: true, content: { 'application/json': { schema: convert(operation.body, 'input') } } },
      }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wanakt World API',
      version: '1',
      // No licence has been chosen for the API: until one is, its terms are the game's own.
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Wanakt-World' },
      contact: { name: 'Wanakt World: write to the Wanakt in the game' },
      description: [
        'Every answer is JSON; every error is `{ "message": ... }`.',
        `**Authentication.** Browsers use the session cookie \`${SESSION_COOKIE}\` set by login. Programs send \`Authorization: Bearer wk_...\`, a key made on /settings/api-keys, with scopes ${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')}. A key acts as its owner, never with the Wanakt's powers, and never manages keys.`,
        `**Rate limits.** Each key: ${API_KEY_RATE_LIMIT.requests} requests per ${API_KEY_RATE_LIMIT.seconds} seconds, across every process; beyond it, 429 with Retry-After.`,
        '**Caching.** Public territory lists carry a strong ETag: send If-None-Match and get 304 when nothing changed. Answers are compressed with brotli or gzip when Accept-Encoding allows.',
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'The server this document was read from' }],
    tags: Object.entries(TAGS)
      .filter(([name]) => operations.some((operation) => operation.tag === name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie of POST /api/auth/login' },
        ...Object.fromEntries(
          API_KEY_SCOPES.map((scope) => [
            keyScheme(scope),
            { type: 'http', scheme: 'bearer', description: `An API key (wk_...) with the \`${scope}\` scope` },
          ]),
        ),
      },
      schemas: components,
      headers: HEADERS,
    },
    paths,
  };
}
