import { z } from 'zod';
import { API_KEY_RATE_LIMIT, API_KEY_SCOPES } from '../../../schema/api/api-keys.ts';
import { ErrorDto } from '../../../schema/api/user.ts';
import { SESSION_COOKIE } from '../../auth/sessions.ts';
import { API_BODY_LIMIT_BYTES } from '../body-limit.ts';
import { errorStatuses, type Operation } from './operation.ts';
import { OPERATIONS } from './operations.ts';
import { openApiPath } from './route-table.ts';

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'No session, or an unknown or revoked API key',
  403: 'Not allowed: another player, not the Wanakt, a key outside its scope, or a cross-site request',
  404: 'Unknown id',
  413: `The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} kB`,
  409: 'Conflict with the current state (already owned, not enough DRK, supply cap, ...)',
  429: 'Too many requests: wait for the Retry-After seconds',
  500: 'Something went wrong on our side',
  503: 'The database does not answer',
};

/**
 * Turns zod schemas into JSON Schema 2020-12 (what OpenAPI 3.1 uses). Every schema with a
 * `.meta({ id })` becomes one shared component instead of a copy in each operation.
 */
function schemaConverter() {
  const components: Record<string, JsonSchema> = {};
  const toComponents = (json: string) => json.replaceAll('"#/$defs/', '"#/components/schemas/');
  const convert = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = JSON.parse(toComponents(JSON.stringify(converted))) as JsonSchema & { $defs?: Record<string, JsonSchema> };
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
        ...(example !== undefined && { example }),
        schema: fieldSchema,
      };
    });
  return [...of('path', operation.params), ...of('query', operation.query)];
}

function security(operation: Operation) {
  const key = operation.scope ? [{ apiKey: [operation.scope] }] : [];
  if (operation.access === 'public') return [{}, ...key];
  return [{ session: [] }, ...key];
}

function describeAccess(operation: Operation): string {
  const who =
    operation.access === 'wanakt' ? 'The Wanakt only, with a session: no API key is ever accepted.'
    : operation.access === 'player' ? 'A logged-in player (session cookie)' + (operation.scope ? ` or an API key with the \`${operation.scope}\` scope.` : '; no API key is accepted.')
    : 'Anyone' + (operation.scope ? `; an API key, when sent, needs the \`${operation.scope}\` scope.` : '; an API key is refused.');
  const limits = [operation.scope && `each key: ${API_KEY_RATE_LIMIT.requests} requests per ${API_KEY_RATE_LIMIT.seconds} s`, operation.rateLimit].filter(Boolean);
  return [operation.description, `**Access:** ${who}`, limits.length > 0 && `**Rate limit:** ${limits.join('; ')}.`].filter(Boolean).join('\n\n');
}

/** The OpenAPI 3.1 document of every REST call, generated from the same zod schemas the server validates with. */
export function openApiDocument(operations: readonly Operation[] = OPERATIONS) {
  const { convert, components } = schemaConverter();
  const errorSchema = convert(ErrorDto, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const responses: Record<string, unknown> = {
      [operation.ok.status]: {
        description: operation.ok.description,
        ...(operation.ok.headers && { headers: Object.fromEntries(Object.entries(operation.ok.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }),
        ...(operation.ok.schema && { content: { 'application/json': { schema: convert(operation.ok.schema, 'output') } } }),
      },
    };
    for (const status of errorStatuses(operation)) {
      responses[status] = { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: errorSchema } } };
    }
    const path = (paths[`/api${openApiPath(operation.path)}`] ??= {});
    path[operation.method] = {
      operationId: `${operation.method}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      tags: [operation.tag],
      summary: operation.summary,
      description: describeAccess(operation),
      security: security(operation),
      'x-access': operation.access,
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
      description: [
        'Every answer is JSON; every error is `{ "message": ... }`.',
        `**Authentication.** Browsers use the session cookie \`${SESSION_COOKIE}\` set by login. Programs send \`Authorization: Bearer wk_...\`, a key made on /settings/api-keys, with scopes ${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')}. A key acts as its owner, never with the Wanakt's powers, and never manages keys.`,
        `**Rate limits.** Each key: ${API_KEY_RATE_LIMIT.requests} requests per ${API_KEY_RATE_LIMIT.seconds} seconds, across every process; beyond it, 429 with Retry-After.`,
        '**Caching.** Public territory lists carry a strong ETag: send If-None-Match and get 304 when nothing changed. Answers are compressed with brotli or gzip when Accept-Encoding allows.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie of POST /api/auth/login' },
        apiKey: { type: 'http', scheme: 'bearer', description: `An API key (wk_...) with the scope the call names: ${API_KEY_SCOPES.join(', ')}` },
      },
      schemas: components,
    },
    paths,
  };
}
