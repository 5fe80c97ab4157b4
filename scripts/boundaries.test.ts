import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md "Folders and what may import what", checked on every import of every source file.
// The allowlist stays empty: a needed exception is a design change, made in DESIGN.md first.
const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ALLOWLIST: string[] = [];

const TRANSPORT_FOLDERS = ['game-server/http/', 'game-server/rooms/', 'game-server/jobs/'];
// Every other folder of game-server/ holds services (and the composition root's files sit beside
// them): a new folder is a service folder until DESIGN.md says otherwise.
const NOT_SERVICES = [...TRANSPORT_FOLDERS, 'game-server/testing/'];
const TRANSPORT_PACKAGES = /^(express|@colyseus\/|ws$|node-cron)/;
/** The only packages schema/ may use: it is shared with the browser and holds no I/O. */
const SCHEMA_PACKAGES = /^(zod|@colyseus\/schema)(\/|$)/;
/** Where the clock and the environment may be read: the composition root, and the `npm run migrate`, `backup` and `restore` entries. */
const COMPOSITION_ROOT = [
  'game-server/main.ts',
  'game-server/config.ts',
  'game-server/server.ts',
  'game-server/db/migrate-cli.ts',
  'game-server/backup/backup-cli.ts',
  'game-server/backup/restore-cli.ts',
];
const AMBIENT_READS = /Date\.now\(\)|new Date\(\)|process\.env/;

interface ImportEdge {
  from: string;
  specifier: string;
  /** The imported file relative to the root, for imports of our own files. */
  target: string | null;
}

function sourceFiles(folder: string): string[] {
  const full = join(ROOT, folder);
  return readdirSync(full).flatMap((name) => {
    const path = join(full, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(relative(ROOT, path));
    return /\.(ts|tsx|mts)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((match) => {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : null;
    return { from: file, specifier, target };
  });
}

const isServiceFile = (file: string) =>
  file.startsWith('game-server/') && file.split('/').length > 2 && !NOT_SERVICES.some((folder) => file.startsWith(folder));

/** Test support is test code: a folder named testing/, or a file made for tests. */
const isTestSupport = (file: string) => file.split('/').includes('testing') || /(^|\/)test-[^/]+\.ts$/.test(file);

function violations(edge: ImportEdge): string | null {
  const { from, target, specifier } = edge;
  const inside = (folder: string) => target !== null && target.startsWith(folder);
  if (from.startsWith('schema/') && target !== null && !target.startsWith('schema/')) return 'schema/ imports nothing of ours';
  if (from.startsWith('schema/') && target === null && !specifier.startsWith('node:') && !SCHEMA_PACKAGES.test(specifier)) {
    return 'schema/ uses only zod and @colyseus/schema';
  }
  if (from.startsWith('schema/') && specifier.startsWith('node:')) return 'schema/ uses only zod and @colyseus/schema';
  if (from.startsWith('client/') && target !== null && !inside('client/') && !inside('schema/')) return 'client/ imports only client/ and schema/';
  if (from.startsWith('game-server/') && target !== null && !inside('game-server/') && !inside('schema/') && !inside('migrations/')) {
    return 'game-server/ imports only game-server/ and schema/';
  }
  if (isServiceFile(from)) {
    if (TRANSPORT_PACKAGES.test(specifier)) return 'services import neither Express nor Colyseus';
    if (TRANSPORT_FOLDERS.some(inside)) return 'services do not import transport code';
  }
  if (from.startsWith('game-server/') && specifier.startsWith('react')) return 'the server imports no client library';
  return null;
}

/**
 * The folder a file belongs to for the cycle check: game-server's and client's folders one level
 * down (game-server/economy, client/hud), schema's sub-folders, test support on its own. Files at
 * the top of game-server/ (errors.ts, config.ts, ...) are each their own node.
 */
export function folderOf(file: string): string {
  const parts = file.split('/');
  const testing = parts.indexOf('testing');
  if (testing >= 0) return parts.slice(0, testing + 1).join('/');
  return parts.length <= 2 ? file : parts.slice(0, 2).join('/');
}

/** Every cycle between folders, each as the folders in it and one import per edge as evidence. */
export function folderCycles(edges: readonly ImportEdge[]): string[] {
  const graph = new Map<string, Map<string, string>>();
  for (const { from, target, specifier } of edges) {
    if (target === null) continue;
    const a = folderOf(from);
    const b = folderOf(target);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, `${from} -> ${specifier}`);
  }
  // Tarjan's strongly connected components: a component of more than one folder is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (folder: string) => {
    index.set(folder, counter);
    low.set(folder, counter++);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length < 2) return;
    const evidence = component.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => component.includes(b)).map(([, edge]) => edge));
    cycles.push(`${component.sort().join(' <-> ')}: ${evidence.sort().join('; ')}`);
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

describe('[DESIGN folders] import boundaries', () => {
  const files = ['schema', 'game-server', 'client'].flatMap(sourceFiles).filter((file) => !/\.test\.tsx?$/.test(file));

  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(ALLOWLIST).toEqual([]);
  });

  it('has no import across a forbidden edge', () => {
    const found = files
      .flatMap(importsOf)
      .map((edge) => ({ edge, rule: violations(edge) }))
      .filter(({ rule, edge }) => rule !== null && !ALLOWLIST.includes(`${edge.from} -> ${edge.specifier}`))
      .map(({ edge, rule }) => `${edge.from} -> ${edge.specifier}: ${rule}`);
    expect(found).toEqual([]);
  });

  it('keeps time and randomness out of rule code in schema/', () => {
    const found = sourceFiles('schema').filter((file) => /Math\.random|Date\.now|new Date\(\)/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('reads the clock and the environment only in the composition root', () => {
    const found = ['schema', 'game-server']
      .flatMap(sourceFiles)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !isTestSupport(file) && !COMPOSITION_ROOT.includes(file))
      .filter((file) => AMBIENT_READS.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(folderCycles(files.flatMap(importsOf))).toEqual([]);
  });

  it('catches a forbidden edge when one is made', () => {
    expect(violations({ from: 'schema/x.ts', specifier: '../game-server/config.ts', target: 'game-server/config.ts' })).not.toBeNull();
    expect(violations({ from: 'client/x.tsx', specifier: '../game-server/db/database.ts', target: 'game-server/db/database.ts' })).not.toBeNull();
    expect(violations({ from: 'game-server/economy/x.ts', specifier: 'express', target: null })).not.toBeNull();
    expect(violations({ from: 'game-server/auth/x.ts', specifier: '../http/app.ts', target: 'game-server/http/app.ts' })).not.toBeNull();
    for (const folder of ['ads', 'social', 'world', 'commands']) {
      expect(violations({ from: `game-server/${folder}/x.ts`, specifier: '@colyseus/core', target: null })).not.toBeNull();
    }
    expect(violations({ from: 'schema/rules/x.ts', specifier: 'date-fns', target: null })).not.toBeNull();
    expect(violations({ from: 'schema/rules/x.ts', specifier: 'node:crypto', target: null })).not.toBeNull();
    expect(violations({ from: 'schema/state/x.ts', specifier: '@colyseus/schema', target: null })).toBeNull();
    expect(violations({ from: 'schema/api/x.ts', specifier: 'zod', target: null })).toBeNull();
  });

  it('catches a cycle between folders when one is made', () => {
    const edge = (from: string, target: string): ImportEdge => ({ from, specifier: target, target });
    expect(folderCycles([edge('game-server/ads/a.ts', 'game-server/payments/b.ts'), edge('game-server/payments/c.ts', 'game-server/ads/d.ts')])).toHaveLength(1);
    expect(folderCycles([edge('game-server/ads/a.ts', 'game-server/payments/b.ts'), edge('game-server/payments/c.ts', 'game-server/db/d.ts')])).toEqual([]);
  });
});
