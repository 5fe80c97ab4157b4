// Requests generated from an OpenAPI 3.1 document, for tests that must cover every operation
// without naming them: a new operation in the document is covered the moment it is documented.
// Plain JSON in, plain request descriptions out, so any test (the control-character suite, a
// property-based fuzz) can drive them over HTTP its own way.

type Json = Record<string, any>;

export interface OpenApiOperation {
  method: string;
  /** The document's path template, e.g. /api/territories/{id}. */
  template: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Json }[];
  /** The JSON request body's schema, $refs resolved at the top. */
  body: Json | null;
}

export interface GeneratedRequest {
  /** The operation, as METHOD /template. */
  operation: string;
  method: string;
  /** The path with its parameters filled in and its query string, ready to append to a base URL. */
  path: string;
  body?: unknown;
  /** Which part carries the probe: `path id`, `query q`, `body name`, `body items[0].title`. */
  probed: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function resolve(document: Json, schema: Json | undefined): Json {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Json>((node, key) => node?.[key], document) ?? {};
  }
  return current;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: Json): OpenApiOperation[] {
  const operations: OpenApiOperation[] = [];
  for (const [template, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: Json) => resolve(document, parameter));
      const json = resolve(document, operation.requestBody)?.content?.['application/json']?.schema;
      operations.push({ method: method.toUpperCase(), template, parameters: parameters as OpenApiOperation['parameters'], body: json ? resolve(document, json) : null });
    }
  }
  return operations;
}

/**
 * A value the schema accepts, as plainly as it allows: an example or default when given, the
 * first enum value, the minimum of a number, a string of the minimum length, every required
 * property of an object. Good enough to get a request past shape checks to the field under test.
 */
export function sampleOf(document: Json, schema: Json | undefined, depth = 0): unknown {
  const resolved = resolve(document, schema);
  if (depth > 12) return null;
  if (resolved.examples?.length) return resolved.examples[0];
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (branches?.length) return sampleOf(document, branches.find((branch: Json) => resolve(document, branch).type !== 'null') ?? branches[0], depth + 1);
  if (resolved.allOf?.length) return Object.assign({}, ...resolved.allOf.map((part: Json) => sampleOf(document, part, depth + 1)));
  const type = Array.isArray(resolved.type) ? resolved.type.find((name: string) => name !== 'null') : resolved.type;
  switch (type) {
    case 'string':
      return 'sample text'.padEnd(resolved.minLength ?? 0, 'x').slice(0, resolved.maxLength ?? 64);
    case 'integer':
    case 'number':
      return Math.max(resolved.minimum ?? 1, resolved.exclusiveMinimum !== undefined ? resolved.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () => sampleOf(document, resolved.items, depth + 1));
    case 'object':
    case undefined: {
      if (!resolved.properties) return type === 'object' ? {} : 'sample';
      const required = new Set<string>(resolved.required ?? Object.keys(resolved.properties));
      return Object.fromEntries(
        Object.entries<Json>(resolved.properties)
          .filter(([name]) => required.has(name))
          .map(([name, property]) => [name, sampleOf(document, property, depth + 1)]),
      );
    }
    default:
      return null;
  }
}

/** Where a body of this schema holds text: each a path of keys and indexes into the sample, with its label. */
export function stringFieldsOf(document: Json, schema: Json | undefined, at: (string | number)[] = [], depth = 0): (string | number)[][] {
  const resolved = resolve(document, schema);
  if (depth > 12) return [];
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (branches?.length) return stringFieldsOf(document, branches.find((branch: Json) => resolve(document, branch).type !== 'null') ?? branches[0], at, depth + 1);
  const type = Array.isArray(resolved.type) ? resolved.type.find((name: string) => name !== 'null') : resolved.type;
  if (type === 'string' && !resolved.enum && resolved.const === undefined) return [at];
  if (type === 'array') return stringFieldsOf(document, resolved.items, [...at, 0], depth + 1);
  if (resolved.properties) {
    return Object.entries<Json>(resolved.properties).flatMap(([name, property]) => stringFieldsOf(document, property, [...at, name], depth + 1));
  }
  return [];
}

function withValueAt(sample: unknown, at: (string | number)[], value: string): unknown {
  if (at.length === 0) return value;
  const copy: any = Array.isArray(sample) ? [...sample] : { ...(sample as Json) };
  const [head, ...rest] = at;
  copy[head] = withValueAt(copy[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
}

const label = (at: (string | number)[]) => at.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');

function pathOf(operation: OpenApiOperation, document: Json, probe?: { name: string; value: string }): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (probe?.name === name) return encodeURIComponent(probe.value);
    const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return encodeURIComponent(String(sampleOf(document, parameter?.schema)));
  });
}

/**
 * For every operation of the document, one request per probe value in each place a client puts
 * text: each path parameter, each query parameter, and each string field of the JSON body (the
 * rest of the request filled with plain samples). With control characters as probes, this is
 * every door a NUL could come through.
 */
export function probeRequests(document: Json, probes: readonly string[]): GeneratedRequest[] {
  const requests: GeneratedRequest[] = [];
  for (const operation of operationsOf(document)) {
    const name = `${operation.method} ${operation.template}`;
    const sampleBody = operation.body ? sampleOf(document, operation.body) : undefined;
    for (const value of probes) {
      for (const parameter of operation.parameters) {
        if (parameter.in === 'path') {
          requests.push({ operation: name, method: operation.method, path: pathOf(operation, document, { name: parameter.name, value }), body: sampleBody, probed: `path ${parameter.name}` });
        } else if (parameter.in === 'query') {
          const query = new URLSearchParams({ [parameter.name]: value });
          requests.push({ operation: name, method: operation.method, path: `${pathOf(operation, document)}?${query}`, body: sampleBody, probed: `query ${parameter.name}` });
        }
      }
      for (const at of operation.body ? stringFieldsOf(document, operation.body) : []) {
        requests.push({ operation: name, method: operation.method, path: pathOf(operation, document), body: withValueAt(sampleBody, at, value), probed: `body ${label(at) || '(the body)'}` });
      }
    }
  }
  return requests;
}

/** Text with a control character inside: NUL (PostgreSQL's 22021 and 22P05), others of C0, DEL and C1. */
export const CONTROL_CHARACTER_PROBES = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b'] as const;
