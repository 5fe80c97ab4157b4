import { describe, expect, it } from 'vitest';
import { findViolations, readTree } from './boundaries.ts';

// The design's layers (docs/design.md, "Layers") checked on the whole tree; then each forbidden
// edge is injected, one at a time, into the real tree to prove the check sees it.
const tree = readTree();
const baseline = findViolations(tree);
const ledger = tree.get('game-server/domain/economy/ledger.ts')!;

/** The findings an injected file adds to the real tree's. */
function caught(file: string, text: string, changes: Record<string, string> = {}): string[] {
  const injected = new Map(tree);
  injected.set(file, text);
  for (const [path, changed] of Object.entries(changes)) injected.set(path, changed);
  return findViolations(injected).filter((finding) => !baseline.includes(finding));
}

describe('[boundaries] the layers hold', () => {
  it('when the tree is checked, then it finds its files and nothing forbidden', () => {
    expect(tree.size).toBeGreaterThan(100);
    expect(baseline).toEqual([]);
  });

  it('when notify, the last service that emitted, emits again, then it is caught: no service is excused', () => {
    const file = 'game-server/domain/notifications/notifications.ts';
    expect(caught(file, `${tree.get(file)}\nexport const tell = (tx) => emit(tx, { type: 'x' });`)).toEqual([
      `${file}: a service never emits: its command or job does`,
    ]);
  });
});

// One per forbidden edge: the 14 the old test caught, the 7 it missed, the 3 ways a
// service wrote through the pool that it could not see (api-keys.ts, cancel-checkout.ts, login-guard.ts
// did), a service opening a transaction as seed.ts did, and infra/ writing beyond its own tables.
const INJECTIONS: { name: string; file: string; text: string; changes?: () => Record<string, string> }[] = [
  { name: 'schema imports the server', file: 'schema/rules/x.ts', text: "import { config } from '../../game-server/config.ts';" },
  { name: 'schema imports the client', file: 'schema/rules/x.ts', text: "import { api } from '../../client/api.ts';" },
  { name: 'schema uses a package beyond zod', file: 'schema/rules/x.ts', text: "import { addDays } from 'date-fns';" },
  { name: 'schema uses node:', file: 'schema/rules/x.ts', text: "import { createHash } from 'node:crypto';" },
  {
    name: 'the client imports the server',
    file: 'client/x.tsx',
    text: "import { inTransaction } from '../game-server/infra/db/database.ts';",
  },
  { name: 'a service imports Express', file: 'game-server/domain/economy/x.ts', text: "import { Router } from 'express';" },
  { name: 'a service imports Colyseus', file: 'game-server/domain/ads/x.ts', text: "import { Room } from '@colyseus/core';" },
  {
    name: 'a service imports a route',
    file: 'game-server/domain/auth/x.ts',
    text: "import { createApp } from '../../transport/http/app.ts';",
  },
  {
    name: 'a service imports a room',
    file: 'game-server/domain/world/x.ts',
    text: "import { WorldRoom } from '../../transport/rooms/world-room.ts';",
  },
  { name: 'the server imports React', file: 'game-server/x/x.ts', text: "import { useState } from 'react';" },
  { name: 'Math.random in a rule', file: 'schema/rules/x.ts', text: 'export const roll = () => Math.random();' },
  { name: 'Date.now in a rule', file: 'schema/rules/x.ts', text: 'export const today = () => Date.now();' },
  { name: 'the clock read in a service', file: 'game-server/domain/economy/x.ts', text: 'export const now = () => new Date();' },
  // Within one layer, so that only the cycle check can see it: economy/ already imports world/.
  {
    name: 'a cycle between folders',
    file: 'game-server/domain/world/x.ts',
    text: "import { transfer } from '../economy/ledger.ts';",
  },
  {
    name: 'a route issuing UPDATE',
    file: 'game-server/transport/http/routes/x.ts',
    text: 'export const bump = (sql) => sql`update territories set visits = visits + 1 where id = 1`;',
  },
  {
    name: 'a route calling ledger.transfer in its own transaction',
    file: 'game-server/transport/http/routes/x.ts',
    text: "import { inTransaction } from '../../../infra/db/database.ts';\nimport { transfer } from '../../../domain/economy/ledger.ts';\nexport const pay = (sql) => inTransaction(sql, (tx) => transfer(tx, 'a', 'b', { amount: 1, reason: 'x' }));",
  },
  { name: 'performance.now() in a rule', file: 'schema/rules/x.ts', text: 'export const tick = () => performance.now();' },
  { name: 'crypto.randomUUID() in a rule', file: 'schema/rules/x.ts', text: 'export const id = () => crypto.randomUUID();' },
  { name: 'fetch() in a rule', file: 'schema/rules/x.ts', text: "export const load = () => fetch('/api/territories');" },
  {
    name: 'a template-string import() of the server from the client',
    file: 'client/x.tsx',
    text: 'export const load = () => import(`../game-server/config.ts`);',
  },
  {
    name: 'a file cycle inside one folder',
    file: 'game-server/domain/economy/x.ts',
    text: "import { transfer } from './ledger.ts';\nexport const again = transfer;",
    changes: () => ({
      'game-server/domain/economy/ledger.ts': `${tree.get('game-server/domain/economy/ledger.ts')}\nimport { again } from './x.ts';\nvoid again;`,
    }),
  },
  {
    name: "a service writing through its deps' pool",
    file: 'game-server/domain/payments/x.ts',
    text: "import type { ServiceDeps } from '../service-deps.ts';\nexport const drop = (deps: ServiceDeps, id: string) => deps.sql`update payments set status = 'canceled' where id = ${id}`;",
  },
  {
    name: 'a service writing through a Queryable, which may be the pool',
    file: 'game-server/domain/auth/x.ts',
    text: "import type { Queryable } from '../../infra/db/database.ts';\nexport const seen = (sql: Queryable, id: number) => sql`update api_keys set last_used_at = now() where id = ${id}`;",
  },
  {
    name: 'a service opening a transaction with transaction()',
    file: 'game-server/domain/world/x.ts',
    text: "import { transaction } from '../../infra/db/database.ts';\nexport const run = (sql) => transaction(sql, async () => {});",
  },
  {
    name: "infra writing a player's row",
    file: 'game-server/infra/limits/x.ts',
    text: "import type { Sql } from '../db/database.ts';\nexport const fine = (sql: Sql, id: string) => sql`update users set drk_balance = drk_balance - 1 where id = ${id}`;",
  },
  {
    name: "the ledger's mint typed to take the pool again",
    file: 'game-server/domain/economy/ledger.ts',
    text: ledger.replace('mint(tx: Tx,', 'mint(tx: Queryable,'),
  },
];

describe('[boundaries] every forbidden edge, injected, is caught', () => {
  it.each(INJECTIONS)('when $name, then the check fails', ({ file, text, changes }) => {
    expect(caught(file, text, changes?.()).length).toBeGreaterThan(0);
  });

  it('when the injections are counted, then all 26 are caught', () => {
    const missed = INJECTIONS.filter(({ file, text, changes }) => caught(file, text, changes?.()).length === 0).map(({ name }) => name);
    console.log(`boundary injections caught: ${INJECTIONS.length - missed.length} of ${INJECTIONS.length}`);
    expect(INJECTIONS).toHaveLength(26);
    expect(missed).toEqual([]);
  });

  it('when a new service opens a transaction or emits, then it is caught; a service taking one is not', () => {
    expect(
      caught(
        'game-server/domain/economy/x.ts',
        "import { emit } from '../../infra/events/outbox.ts';\nexport const tell = (tx) => emit(tx, { type: 'x' });",
      ),
    ).toHaveLength(1);
    expect(
      caught(
        'game-server/domain/economy/x.ts',
        "import { inTransaction } from '../../infra/db/database.ts';\nexport const run = (sql) => inTransaction(sql, async () => {});",
      ),
    ).toHaveLength(1);
    expect(caught('game-server/domain/economy/x.ts', 'export const bump = (tx) => tx`update users set drk_balance = 1`;')).toEqual([]);
  });

  it('when a service writes on the transaction it was handed, however it names it, then it is not caught', () => {
    const handed = [
      "import type { Work } from '../service-deps.ts';\nexport const a = ({ tx }: Work) => tx`update users set drk_balance = 1`;",
      "import type { Work } from '../service-deps.ts';\nexport const b = ({ tx: sql }: Work) => sql`delete from ads where id = 1`;",
      "import type { Work } from '../service-deps.ts';\nexport const c = (work: Work) => work.tx`insert into ads (id) values (1)`;",
      "import type { Tx } from '../../infra/db/database.ts';\nexport const d = (tx: Tx) => tx.unsafe('update users set drk_balance = 1');",
      'export const e = (run: (f: (tx: unknown) => unknown) => void) => run((tx) => tx`update users set drk_balance = 1`);',
    ];
    for (const text of handed) expect(caught('game-server/domain/economy/x.ts', text)).toEqual([]);
    expect(
      caught(
        'game-server/domain/economy/x.ts',
        "export const f = (sql) => sql.unsafe('delete from users');\nexport class G { go() { return this.sql`insert into users (id) values (1)`; } }\nexport const h = (tx: Tx | Sql) => tx`delete from ads`;",
      ),
    ).toHaveLength(3);
  });

  it('when a dynamic import computes its module, then it is refused; a literal one is checked as an import', () => {
    expect(caught('client/x.tsx', 'export const load = (name) => import(name);')).toHaveLength(1);
    expect(caught('client/x.tsx', "export const load = () => import('./hud/x.tsx');")).toEqual([]);
  });
});

// No layer imports one above it (docs/design.md "Layers"): each upward edge, injected, is named by its own finding.
const UPWARD: { name: string; file: string; specifier: string; type?: boolean; rule: string }[] = [
  ...(
    [
      ['infra', 'domain', 'game-server/infra/limits/x.ts', '../../domain/economy/ledger.ts'],
      ['infra', 'commands', 'game-server/infra/events/x.ts', '../../commands/execute.ts'],
      ['infra', 'jobs', 'game-server/infra/db/x.ts', '../../jobs/start-jobs.ts'],
      ['infra', 'transport', 'game-server/infra/observability/x.ts', '../../transport/http/app.ts'],
      ['domain', 'commands', 'game-server/domain/economy/x.ts', '../../commands/execute.ts'],
      ['domain', 'jobs', 'game-server/domain/ads/x.ts', '../../jobs/banner-jobs.ts'],
      ['domain', 'transport', 'game-server/domain/social/x.ts', '../../transport/rooms/world-room.ts'],
      ['commands', 'transport', 'game-server/commands/x.ts', '../transport/http/command.ts'],
      ['commands', 'jobs', 'game-server/commands/handlers/x.ts', '../../jobs/start-jobs.ts'],
    ] as const
  ).map(([from, to, file, specifier]) => ({
    name: `${from}/ imports ${to}/`,
    file,
    specifier,
    rule: `game-server/${from}/ does not import game-server/${to}/: nothing imports upward`,
  })),
  {
    name: 'infra/ imports a type of domain/',
    file: 'game-server/infra/backup/x.ts',
    specifier: '../../domain/economy/supply.ts',
    type: true,
    rule: 'game-server/infra/ does not import game-server/domain/: nothing imports upward',
  },
  {
    name: 'production code imports test support',
    file: 'game-server/domain/economy/x.ts',
    specifier: '../../testing/players.ts',
    rule: 'only tests import test support',
  },
  {
    name: "a layer imports the composition root's entry",
    file: 'game-server/transport/http/x.ts',
    specifier: '../../server.ts',
    rule: "only the composition root and tests import the composition root's entries",
  },
];

describe('[boundaries] nothing imports upward', () => {
  it.each(UPWARD)('when $name, then the check names that edge', ({ file, specifier, type, rule }) => {
    const text = `import ${type ? 'type ' : ''}{ thing } from '${specifier}';\nexport const again = thing;`;
    expect(caught(file, text)).toContain(`${file} -> ${specifier}: ${rule}`);
  });
});
