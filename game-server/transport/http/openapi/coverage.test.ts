import { describe, expect, it } from 'vitest';
import { appWithoutDatabase } from '../../../testing/app-without-database.ts';
import { openApiDocument } from './document.ts';
import { expressRoutes } from './express-routes.ts';
import { OPERATIONS } from './operations.ts';
import { openApiPath } from './route-table.ts';

const app = appWithoutDatabase();
const key = (method: string, path: string) => `${method.toUpperCase()} ${openApiPath(path)}`;

describe('[OpenAPI] the document covers every route Express answers', () => {
  const routes = expressRoutes(app).map((route) => key(route.method, route.path));
  const documentedPaths = openApiDocument().paths;
  const documented = Object.entries(documentedPaths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => key(method, path.replace(/^\/api/, ''))),
  );

  it('when Express answers a call, then the document describes it; and it describes nothing Express lacks', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(
      routes.filter((route) => !documented.includes(route)),
      'routes missing from the OpenAPI document',
    ).toEqual([]);
    expect(
      documented.filter((operation) => !routes.includes(operation)),
      'documented calls that do not exist',
    ).toEqual([]);
    console.log(
      `OpenAPI coverage: ${routes.filter((route) => documented.includes(route)).length} routes documented / ${routes.length} routes`,
    );
  });

  it('when a call is for the Wanakt or manages keys, then no key scope opens it', () => {
    for (const operation of OPERATIONS) {
      if (operation.access === 'wanakt' || operation.path.startsWith('/api-keys'))
        expect(operation.scope, `${operation.method} ${operation.path}`).toBeNull();
    }
  });

  it('when the document is generated, then every operation has its answers, errors as { message }, security and an id of its own', () => {
    const document = openApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const ids = new Set<string>();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods) as {
        operationId: string;
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        security: unknown[];
      }[]) {
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        expect(operation.security.length).toBeGreaterThan(0);
        expect(operation.responses['400']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    const refs = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
    expect(document.components.schemas).toHaveProperty('Territory');
  });
});
