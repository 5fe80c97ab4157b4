import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { admissionOf, openPostgres, transaction, type Database } from './database.ts';

// No failure outlives its fault: a process whose connections were all terminated under load gives
// every admission turn back and answers again within 10 s of the cut, cut after cut. A turn that leaked (a query of a transaction that never settled)
// left one process answering "busy" until it was restarted.
const backend = postgresBackendIfReachable();
const CUTS = 4;
const WORKERS = 12;
const RECOVERY_BOUND_MS = 10_000;

describe.runIf(backend)('a pool whose connections are cut again and again under load', () => {
  let database: Database;
  let game: Database;
  let admin: postgres.Sql;

  beforeAll(async () => {
    database = await backend!.open();
    // As open-configured.ts sizes it: two connections beyond the transactions' turns.
    game = await openPostgres(database.url!, { max: 6, admission: { concurrency: 4, queueLimit: 32, waitMs: 2_000, runMs: 6_000 } });
    admin = postgres(database.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.end();
    await game?.close();
    await database?.close();
  });

  // Statements with parameters a fresh session has not prepared are described before they run, so
  // the transaction's other statements wait in its reserved connection's queue: the cut finds some there.
  const command = (n: number) =>
    transaction(game.sql, async (tx) => {
      const [slept, echoed] = await Promise.all([
        tx`select pg_sleep(${0.01 + (n % 5) / 100})`,
        tx<{ n: number }[]>`select ${n}::int as n`,
        tx`select ${`command ${n}`}::text as name`,
      ]);
      return slept.length + echoed[0].n;
    });

  /** Commands from several callers until `stop`; `onAnswer` hears when each started and whether it succeeded. */
  function load(onAnswer: (startedAt: number, ok: boolean) => void) {
    let stopped = false;
    let n = 0;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stopped) {
        const startedAt = performance.now();
        const ok = await command(n++).then(
          () => true,
          () => false,
        );
        onAnswer(startedAt, ok);
        // The wait is the load's pacing: a refused command is tried again a moment later, as a client
        // honouring Retry-After would.
        if (!ok) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    return async () => {
      stopped = true;
      await Promise.all(workers);
    };
  }

  /** A wait that would otherwise hang the whole test says which one did, and what the pool held then. */
  async function within<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const admission = admissionOf(game.sql)!;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} took over 20 s: ${admission.running} turns running, ${admission.queued} queued`)),
        20_000,
      );
    });
    try {
      return await Promise.race([promise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  const terminateAll = () => admin<{ n: number }[]>`
    select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`;

  it('when every connection is terminated under concurrent commands, then each turn is given back and commands succeed within 10 s, every time', async () => {
    const admission = admissionOf(game.sql)!;
    const recoveries: number[] = [];
    for (let cut = 0; cut < CUTS; cut++) {
      let cutAt = Number.POSITIVE_INFINITY;
      let warm: () => void;
      const warmedUp = new Promise<void>((resolve) => (warm = resolve));
      let recovered: (ms: number) => void;
      const recovery = new Promise<number>((resolve) => (recovered = resolve));
      let successes = 0;
      const stop = load((startedAt, ok) => {
        if (ok && ++successes === WORKERS) warm();
        // Recovered: a command that started after the cut succeeded.
        if (ok && startedAt > cutAt) recovered(performance.now() - cutAt);
      });
      await within(warmedUp, `every caller's first success before cut ${cut + 1}`);
      cutAt = performance.now();
      const [{ n }] = await within(terminateAll(), `cut ${cut + 1}`);
      expect(n).toBeGreaterThan(0);
      const bound = new Promise<'not recovered'>((resolve) => setTimeout(() => resolve('not recovered'), RECOVERY_BOUND_MS));
      const outcome = await Promise.race([recovery, bound]);
      await within(stop(), `the load's last commands after cut ${cut + 1}`);
      expect(outcome, `cut ${cut + 1}`).not.toBe('not recovered');
      recoveries.push(outcome as number);
      // Every command has answered: none holds a turn or waits for one.
      expect(admission.running, `turns held after cut ${cut + 1}`).toBe(0);
      expect(admission.queued).toBe(0);
    }
    console.log(`recovered after each cut in ${recoveries.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    expect(await command(1)).toBe(2);
  }, 120_000);
});
