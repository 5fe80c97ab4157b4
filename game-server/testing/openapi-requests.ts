import fc from 'fast-check';
import { openApiDocument } from '../transport/http/openapi/document.ts';

// Requests built from the published OpenAPI document alone, as a client that only read it would
// build them: one example per operation, values one past each limit it states, the example with
// a probe (a control character) in each of its text inputs, and fast-check arbitraries for the
// fuzz. Nothing here reads the server's validators.

export type JsonSchema = Record<string, any>;

export interface DocumentParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  example?: unknown;
  schema: JsonSchema;
}

export interface DocumentOperation {
  method: string;
  /** As the document writes it: /api/territories/{id}. */
  path: string;
  operationId: string;
  access: 'public' | 'player' | 'wanakt';
  scope: string | null;
  parameters: DocumentParameter[];
  body: JsonSchema | null;
}

export interface DocumentRequest {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export const DOCUMENT = openApiDocument();
const SCHEMAS = DOCUMENT.components.schemas as Record<string, JsonSchema>;

export function documentOperations(): DocumentOperation[] {
  return Object.entries(DOCUMENT.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, JsonSchema>).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      access: operation['x-access'],
      scope: operation['x-api-key-scope'] ?? null,
      parameters: operation.parameters,
      body: operation.requestBody?.content['application/json'].schema ?? null,
    })),
  );
}

export function resolved(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolved(SCHEMAS[ref.replace('#/components/schemas/', '')]!) : schema;
}

const nonNull = (options: JsonSchema[]) => options.find((option) => resolved(option).type !== 'null') ?? options[0]!;
const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type: string) => type !== 'null') : schema.type;

/** A string the schema takes: the shortest of a few plain candidates that fits its length and pattern. */
function exampleString(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2030-01-01T12:00:00.000Z';
  if (schema.format === 'email') return 'advertiser@example.com';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const candidates = ['a'.repeat(Math.max(min, 1)), '1', '42', '12.5', '2026-01', '2026-01-01', 'alice'];
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  const fits = candidates.find((value) => value.length >= min && value.length <= max && (!pattern || pattern.test(value)));
  if (fits !== undefined) return fits;
  return fc.sample(
    fc.stringMatching(pattern!).filter((value) => value.length >= min && value.length <= max),
    { numRuns: 1, seed: 1 },
  )[0]!;
}

/** The smallest value the schema describes: required fields only, lower bounds, first choices. */
export function exampleOf(schema: JsonSchema): unknown {
  schema = resolved(schema);
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (schema.anyOf && !schema.type) return exampleOf(nonNull(schema.anyOf));
  switch (typeOf(schema)) {
    case 'object': {
      const required = new Set<string>([...(schema.required ?? []), ...(schema.anyOf?.[0]?.required ?? [])]);
      for (const name of Object.keys(schema.properties ?? {})) if (required.size < (schema.minProperties ?? 0)) required.add(name);
      return Object.fromEntries([...required].map((name) => [name, exampleOf(schema.properties[name])]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      return exampleString(schema);
    case 'null':
      return null;
    default:
      return {};
  }
}

const pathWith = (path: string, values: Record<string, unknown>) =>
  path.replace(/\{([A-Za-z_]+)\}/g, (_match, name: string) => encodeURIComponent(String(values[name])));
const queryOf = (values: Record<string, unknown>) => {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
};

function pathValues(operation: DocumentOperation): Record<string, unknown> {
  return Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [parameter.name, parameter.example ?? exampleOf(parameter.schema)]),
  );
}

/**
 * The document's own examples of an operation: its path and body, alone, and with each query
 * parameter's example in turn (each alone, as some pairs are refused together).
 */
export function documentExamples(operation: DocumentOperation): DocumentRequest[] {
  const path = pathWith(operation.path, pathValues(operation));
  const body = operation.body ? exampleOf(operation.body) : undefined;
  const queries = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.example !== undefined);
  return [
    { method: operation.method, path, body },
    ...queries.map((parameter) => ({ method: operation.method, path: `${path}${queryOf({ [parameter.name]: parameter.example })}`, body })),
  ];
}

/** Values one past a limit the schema states, each with what it is past. */
function pastLimits(schema: JsonSchema): { what: string; value: unknown }[] {
  schema = resolved(schema);
  if (schema.anyOf && !schema.type) schema = resolved(nonNull(schema.anyOf));
  const past: { what: string; value: unknown }[] = [];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined) past.push({ what: `above maximum ${schema.maximum}`, value: schema.maximum + 1 });
    if (schema.minimum !== undefined) past.push({ what: `below minimum ${schema.minimum}`, value: schema.minimum - 1 });
    if (schema.exclusiveMinimum !== undefined)
      past.push({ what: `at exclusiveMinimum ${schema.exclusiveMinimum}`, value: schema.exclusiveMinimum });
  }
  if (type === 'string' && !schema.enum) {
    const base = exampleString(schema);
    if (schema.maxLength !== undefined)
      past.push({ what: `longer than ${schema.maxLength}`, value: base.padEnd(schema.maxLength + 1, base.slice(-1) || 'a') });
    if (schema.minLength) past.push({ what: `shorter than ${schema.minLength}`, value: base.slice(0, schema.minLength - 1) });
  }
  if (schema.enum) past.push({ what: 'outside its enumeration', value: 'not-one-of-them' });
  return past;
}

export interface BoundaryRequest extends DocumentRequest {
  what: string;
}

/**
 * The operation's example with one thing one past what the document allows: a path or query
 * parameter past its range or length, a body field past its own, or a required field left out.
 */
export function boundaryRequests(operation: DocumentOperation): BoundaryRequest[] {
  const paths = pathValues(operation);
  const body = operation.body ? (exampleOf(operation.body) as Record<string, unknown>) : undefined;
  const at = (values: Record<string, unknown>, query = '') => `${pathWith(operation.path, values)}${query}`;
  const requests: BoundaryRequest[] = [];
  for (const parameter of operation.parameters) {
    // An empty path segment is another path, not a short value: it is not a limit of the parameter's.
    const limits = pastLimits(parameter.schema).filter(({ value }) => !(parameter.in === 'path' && value === ''));
    for (const { what, value } of limits) {
      const named = `${parameter.name} ${what}`;
      requests.push(
        parameter.in === 'path'
          ? { method: operation.method, path: at({ ...paths, [parameter.name]: value }), body, what: named }
          : parameter.in === 'header'
            ? { method: operation.method, path: at(paths), body, headers: { [parameter.name]: String(value) }, what: named }
            : { method: operation.method, path: at(paths, queryOf({ [parameter.name]: value })), body, what: named },
      );
    }
  }
  const bodySchema = operation.body && resolved(operation.body);
  if (bodySchema?.type === 'object' && body) {
    for (const [name, field] of Object.entries((bodySchema.properties ?? {}) as Record<string, JsonSchema>)) {
      for (const { what, value } of pastLimits(field))
        requests.push({ method: operation.method, path: at(paths), body: { ...body, [name]: value }, what: `body.${name} ${what}` });
    }
    for (const name of bodySchema.required ?? []) {
      const { [name]: _left, ...rest } = body;
      requests.push({ method: operation.method, path: at(paths), body: rest, what: `body.${name} left out` });
    }
  }
  return requests;
}

/** Values the schema describes, and now and then values it does not, for the fuzz. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  schema = resolved(schema);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf && !schema.type) return fc.oneof(...(schema.anyOf as JsonSchema[]).map((option) => arbitraryOf(option, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = types.includes('null');
  const value = ((): fc.Arbitrary<unknown> => {
    switch (types.find((type) => type !== 'null')) {
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const model = Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, arbitraryOf(field, depth + 1)]));
        return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name: string) => name in properties) });
      }
      case 'array':
        return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'integer':
        return fc.integer({
          min: schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -(2 ** 31)),
          max: schema.maximum ?? 2 ** 31,
        });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'string': {
        const min = schema.minLength ?? 0;
        const max = Math.min(schema.maxLength ?? 60, 600);
        if (schema.format === 'date-time')
          return fc
            .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
            .map((date) => date.toISOString());
        if (schema.pattern && schema.pattern !== '\\S')
          return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((text) => text.length >= min && text.length <= max);
        return fc
          .string({ minLength: Math.max(min, schema.pattern ? 1 : 0), maxLength: max, unit: 'grapheme' })
          .filter((text) => !schema.pattern || /\S/u.test(text));
      }
      default:
        return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return nullable ? fc.option(value, { nil: null }) : value;
}

/** Anything a careless or hostile client might send instead: for the fuzz's share of bad input. */
const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null));

/** A request to the operation: valid by the document four times in five, junk otherwise. */
export function arbitraryRequest(operation: DocumentOperation): fc.Arbitrary<DocumentRequest> {
  const paths = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queries = operation.parameters.filter((parameter) => parameter.in === 'query');
  const bent = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });
  // A segment that is empty, . or .. is another path once the URL is read, not a bad value of this one.
  const segment = (value: unknown) => !['', '.', '..'].includes(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return fc
    .record({
      path: fc.record(Object.fromEntries(paths.map((parameter) => [parameter.name, bent(arbitraryOf(parameter.schema)).filter(segment)]))),
      query: fc.record(Object.fromEntries(queries.map((parameter) => [parameter.name, bent(arbitraryOf(parameter.schema))])), {
        requiredKeys: [],
      }),
      body: operation.body ? bent(arbitraryOf(operation.body)) : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      method: operation.method,
      path: `${pathWith(operation.path, Object.fromEntries(Object.entries(path).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : value])))}${queryOf(Object.fromEntries(Object.entries(query).map(([name, value]) => [name, typeof value === 'object' && value !== null ? JSON.stringify(value) : value])))}`,
      body,
    }));
}

/** A key or an index into a value: where in a body a field sits. */
type FieldPath = (string | number)[];

/** Where a value of the schema holds free text (not an enumeration or a constant): every property, optional and nested ones included. */
export function stringFieldsOf(schema: JsonSchema, at: FieldPath = []): FieldPath[] {
  schema = resolved(schema);
  if (schema.anyOf && !schema.type) return stringFieldsOf(nonNull(schema.anyOf), at);
  const type = typeOf(schema);
  if (type === 'string' && !schema.enum && !('const' in schema)) return [at];
  if (type === 'array') return stringFieldsOf(schema.items ?? {}, [...at, 0]);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, field]) =>
    stringFieldsOf(field, [...at, name]),
  );
}

/** The value with the text put at the field; what the field sits in, if missing, is the schema's example. */
function withTextAt(schema: JsonSchema, value: unknown, at: FieldPath, text: string): unknown {
  if (at.length === 0) return text;
  schema = resolved(schema);
  if (schema.anyOf && !schema.type) schema = resolved(nonNull(schema.anyOf));
  const [head, ...rest] = at;
  const inner = typeof head === 'number' ? schema.items : schema.properties[head!];
  const copy: any = typeof head === 'number' ? [...((value as unknown[]) ?? [])] : { ...(value as Record<string, unknown>) };
  copy[head!] = withTextAt(inner, copy[head!] ?? exampleOf(inner), rest, text);
  return copy;
}

const labelOf = (at: FieldPath) =>
  at.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('') || '(the body)';

export interface ProbeRequest extends DocumentRequest {
  /** The operation, as METHOD /path as the document writes it. */
  operation: string;
  /** Which part carries the probe: `path id`, `query q`, `body name`, `body items[0].title`. */
  what: string;
}

/**
 * The operation's example once per probe in each place a client puts text: each path parameter,
 * each query parameter, and each string field of the JSON body. With control characters as
 * probes, this is every door a NUL could come through.
 */
export function probeRequests(operation: DocumentOperation, probes: readonly string[]): ProbeRequest[] {
  const name = `${operation.method} ${operation.path}`;
  const paths = pathValues(operation);
  const body = operation.body ? exampleOf(operation.body) : undefined;
  // A control character cannot be sent in a header at all (fetch refuses it): headers are not probed.
  const parameters = operation.parameters.filter((parameter) => parameter.in !== 'header');
  return probes.flatMap((text) => [
    ...parameters.map((parameter) =>
      parameter.in === 'path'
        ? {
            operation: name,
            method: operation.method,
            path: pathWith(operation.path, { ...paths, [parameter.name]: text }),
            body,
            what: `path ${parameter.name}`,
          }
        : {
            operation: name,
            method: operation.method,
            path: `${pathWith(operation.path, paths)}${queryOf({ [parameter.name]: text })}`,
            body,
            what: `query ${parameter.name}`,
          },
    ),
    ...(operation.body ? stringFieldsOf(operation.body) : []).map((at) => ({
      operation: name,
      method: operation.method,
      path: pathWith(operation.path, paths),
      body: withTextAt(operation.body!, body, at, text),
      what: `body ${labelOf(at)}`,
    })),
  ]);
}

/** Text with a control character inside: NUL (PostgreSQL's 22021 and 22P05), others of C0, DEL and C1. */
export const CONTROL_CHARACTER_PROBES = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b'] as const;
