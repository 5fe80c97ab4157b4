import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md "Folders and what may import what", checked on every import of every source file.
// The allowlist stays empty: a needed exception is a design change, made in DESIGN.md first.
const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ALLOWLIST: string[] = [];

const SERVICE_FOLDERS = ['game-server/economy/', 'game-server/auth/', 'game-server/payments/', 'game-server/db/', 'game-server/world/', 'game-server/events/'];
const TRANSPORT_FOLDERS = ['game-server/http/', 'game-server/rooms/', 'game-server/jobs/'];
const TRANSPORT_PACKAGES = /^(express|@colyseus\/|ws$|node-cron)/;

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

function violations(edge: ImportEdge): string | null {
  const { from, target, specifier } = edge;
  const inside = (folder: string) => target !== null && target.startsWith(folder);
  if (from.startsWith('schema/') && target !== null && !target.startsWith('schema/')) return 'schema/ imports nothing of ours';
  if (from.startsWith('client/') && target !== null && !inside('client/') && !inside('schema/')) return 'client/ imports only client/ and schema/';
  if (from.startsWith('game-server/') && target !== null && !inside('game-server/') && !inside('schema/') && !inside('migrations/')) {
    return 'game-server/ imports only game-server/ and schema/';
  }
  if (SERVICE_FOLDERS.some((folder) => from.startsWith(folder))) {
    if (TRANSPORT_PACKAGES.test(specifier)) return 'services import neither Express nor Colyseus';
    if (TRANSPORT_FOLDERS.some(inside)) return 'services do not import transport code';
  }
  if (from.startsWith('game-server/') && specifier.startsWith('react')) return 'the server imports no client library';
  return null;
}

describe('[DESIGN folders] import boundaries', () => {
  const files = ['schema', 'game-server', 'client'].flatMap(sourceFiles).filter((file) => !file.endsWith('.test.ts'));

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

  it('catches a forbidden edge when one is made', () => {
    expect(violations({ from: 'schema/x.ts', specifier: '../game-server/config.ts', target: 'game-server/config.ts' })).not.toBeNull();
    expect(violations({ from: 'client/x.tsx', specifier: '../game-server/db/database.ts', target: 'game-server/db/database.ts' })).not.toBeNull();
    expect(violations({ from: 'game-server/economy/x.ts', specifier: 'express', target: null })).not.toBeNull();
    expect(violations({ from: 'game-server/auth/x.ts', specifier: '../http/app.ts', target: 'game-server/http/app.ts' })).not.toBeNull();
  });
});
