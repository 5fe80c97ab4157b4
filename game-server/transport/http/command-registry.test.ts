import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, COMMANDS } from '../../../schema/commands/index.ts';
import { POLICY } from '../../../schema/commands/policy.ts';
import type { CommandEntry } from '../../../schema/commands/registry.ts';
import { appWithoutDatabase } from '../../testing/app-without-database.ts';
import { ACCESS_OF } from './openapi/command-operations.ts';
import { openApiDocument } from './openapi/document.ts';
import { expressRoutes } from './openapi/express-routes.ts';
import { OPERATIONS } from './openapi/operations.ts';
import { openApiPath, operationFinder } from './openapi/route-table.ts';

const app = appWithoutDatabase();
const entries = COMMANDS as readonly CommandEntry[];
const call = (entry: CommandEntry) => `${entry.http.method.toUpperCase()} ${entry.http.path}`;
// The unsubscribe page's button posts to the link's own address with ?answer=page and is answered
// with a page a person reads (routes/mail.ts); every other POST there falls through to the command's route.
const ANSWERED_AS_A_PAGE = new Set(['POST /mail/unsubscribe/:token']);
/** A request path for the entry's call, with an id in each parameter. */
const samplePath = (path: string) => path.replace(/:[A-Za-z_]+/g, '7');

describe('[registry] each command is declared once and everything else is read from it', () => {
  it('when the registry is read, then each command has one entry and each call one command', () => {
    expect(new Set(entries.map((entry) => entry.type)).size).toBe(entries.length);
    expect(new Set(entries.map(call)).size).toBe(entries.length);
  });

  it("when a path names a parameter, then the entry says which command field it fills, and the command's validator has that field", () => {
    for (const entry of entries) {
      const named = [...entry.http.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
      expect(Object.keys(entry.http.params ?? {}).sort(), entry.type).toEqual(named.sort());
      for (const target of Object.values(entry.http.params ?? {}))
        expect(Object.keys(entry.schema.shape), entry.type).toContain(target.field);
    }
  });

  it('when the app is built, then Express answers each entry with exactly one route', () => {
    const routes = expressRoutes(app).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    for (const entry of entries)
      expect(
        routes.filter((route) => route === call(entry)),
        entry.type,
      ).toHaveLength(ANSWERED_AS_A_PAGE.has(call(entry)) ? 2 : 1);
  });

  it('when the operations are listed, then each entry gives exactly one, with its scope, summary and the access of its audience', () => {
    for (const entry of entries) {
      const operations = OPERATIONS.filter((operation) => operation.method === entry.http.method && operation.path === entry.http.path);
      expect(operations, entry.type).toHaveLength(1);
      const [operation] = operations;
      expect(operation!.command).toEqual({ type: entry.type, audience: entry.permission.who });
      expect(operation!.access).toBe(ACCESS_OF[entry.permission.who]);
      expect(operation!.scope).toBe(entry.http.scope);
      expect(operation!.summary).toBe(entry.http.summary);
    }
    expect(OPERATIONS.filter((operation) => operation.command)).toHaveLength(entries.length);
  });

  it('when the policy table is read, then it has one line per entry: the entry’s own permission', () => {
    expect(Object.keys(POLICY).sort()).toEqual([...COMMAND_TYPES].sort());
    for (const entry of entries) expect(POLICY[entry.type as keyof typeof POLICY], entry.type).toBe(entry.permission);
  });

  it('when an API key calls a command, then the key-scope table answers the entry’s scope', () => {
    const find = operationFinder();
    for (const entry of entries) expect(find(entry.http.method, samplePath(entry.http.path))?.scope, entry.type).toBe(entry.http.scope);
  });

  it("when the document is published, then each command's operation states the policy's audience and the access that follows from it", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const entry of entries) {
      const operation = paths[`/api${openApiPath(entry.http.path)}`]?.[entry.http.method];
      expect(operation, entry.type).toBeDefined();
      expect(operation!['x-command']).toBe(entry.type);
      expect(operation!['x-audience']).toBe(POLICY[entry.type as keyof typeof POLICY].who);
      expect(operation!['x-access']).toBe(ACCESS_OF[POLICY[entry.type as keyof typeof POLICY].who]);
      expect(operation!['x-api-key-scope'] ?? null).toBe(entry.http.scope);
      const security = operation!.security as Record<string, unknown>[];
      // A visitor's command may be sent without anything; every other needs a session (or a key where a scope opens it).
      expect(
        security.some((requirement) => Object.keys(requirement).length === 0),
        entry.type,
      ).toBe(entry.permission.who === 'visitor');
    }
  });
});
