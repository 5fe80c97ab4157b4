import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_MAJOR } from './runtime.mjs';

// One Node for everything (docs/design.md "Runtime"): the version npm ci brings, the one `engines`
// names, the images' and the units', and the one these tests run on.
const ROOT = new URL('../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};
const major = (version: string) => Number(version.replace(/^[^\d]*/, '').split('.')[0]);

describe('the runtime', () => {
  it('runs these tests on the supported Node, whatever Node the machine has', () => {
    expect(major(process.version)).toBe(SUPPORTED_MAJOR);
  });

  it('brings one build of that Node for each platform it installs on, of the version engines names', () => {
    const builds = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(linux|win|darwin)-/.test(name));
    expect(builds.length).toBeGreaterThan(0);
    expect(new Set(builds.map(([, version]) => version)).size).toBe(1);
    const [, version] = builds[0];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major(version)).toBe(SUPPORTED_MAJOR);
    expect(pkg.engines.node).toBe(`^${SUPPORTED_MAJOR}.11.0`);
    expect(Number(version.split('.')[1])).toBeGreaterThanOrEqual(11);
  });

  it('ships on that Node, with no transpiler in any production process', () => {
    const dockerfile = read('Dockerfile');
    for (const image of dockerfile.match(/^FROM \S+/gm)!) expect(image).toMatch(new RegExp(`^FROM node:${SUPPORTED_MAJOR}-`));
    expect(read('deploy/systemd/wanakt@.service')).toMatch(/^ExecStart=\/opt\/wanakt\/node_modules\/\.bin\/node game-server\/main\.ts$/m);
    const production = [
      dockerfile,
      read('deploy/systemd/wanakt@.service'),
      read('scripts/start.mjs'),
      read('scripts/cluster/game-slot.ts'),
    ];
    for (const text of production) expect(text).not.toMatch(/--import|\btsx\b|--experimental/);
    for (const name of ['start', 'cluster', 'cluster:restart', 'migrate', 'backup', 'restore'])
      expect(pkg.scripts[name]).toMatch(/^node \S+\.(ts|mjs)$/);
  });

  // Only where the machine's own Node is another one, as on the machines this was written on (Node 20).
  const machine = spawnSync('/usr/bin/env', ['-i', 'PATH=/usr/bin:/bin:/usr/local/bin', 'node', '--version'], {
    encoding: 'utf8',
  }).stdout?.trim();
  it.runIf(machine && major(machine) !== SUPPORTED_MAJOR)('refuses to start on another Node, saying which it needs', () => {
    const started = spawnSync('/usr/bin/env', ['-i', 'PATH=/usr/bin:/bin:/usr/local/bin', 'node', join(ROOT, 'scripts/start.mjs')], {
      encoding: 'utf8',
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`runs on Node ${SUPPORTED_MAJOR}, and this is Node ${machine}`);
  });
});
