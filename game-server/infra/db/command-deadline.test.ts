import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { withRequest } from '../request-context.ts';
import { afterEveryCommit, byDeadline, inTransaction, markEventsWritten, openPostgres, transaction, type Database } from './database.ts';
import { asUnavailable, BUSY, unavailable } from './unavailable.ts';

// docs/write-path.md "Time-outs and load shedding": a command runs at most waitMs + runMs after its request
// arrived. On a slow database (the chaos run's slowdb, every round trip 200 ms slower) purchases
// took past a player's 10-second time-out: admitted at 2 s, a 4 s lock wait, then 15 round trips.
// Past its deadline a command is rolled back and answered 503, so its caller hears it was not applied.
const backend = postgresBackendIfReachable();
const WAIT_MS = 200;
const RUN_MS = 800;

describe.runIf(backend)('a command past its deadline', () => {
  let database: Database;
  let game: Database;

  beforeAll(async () => {
    database = await backend!.open();
    game = await openPostgres(database.url!, { max: 4, admission: { concurrency: 2, queueLimit: 8, waitMs: WAIT_MS, runMs: RUN_MS } });
    await game.sql`create table deadline_probe (label text not null)`;
  });
  afterAll(async () => {
    await game?.close();
    await database?.close();
  });

  const command = (label: string, work: (tx: Parameters<Parameters<typeof transaction>[1]>[0]) => Promise<unknown>) =>
    withRequest({ requestId: label, startedAt: performance.now() }, () =>
      transaction(game.sql, async (tx) => {
        await tx`insert into deadline_probe (label) values (${label})`;
        return work(tx);
      }),
    );
  const labels = async () => (await game.sql<{ label: string }[]>`select label from deadline_probe order by label`).map((row) => row.label);

  it('when its work goes on past the deadline, then its next statement is not sent, the work is rolled back and the answer is 503 busy', async () => {
    const outcome = command('late', async (tx) => {
      // The wait stands for round trips to a slow database, which no statement_timeout sees.
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS + RUN_MS + 100));
      await tx`insert into deadline_probe (label) values ('after the deadline')`;
    });
    await expect(outcome).rejects.toMatchObject({ status: 503, message: BUSY });
    expect(await labels()).toEqual([]);
  });

  it('when one statement would run past the deadline (a lock wait, a slow query), then the database stops it there and the answer is 503 busy', async () => {
    const started = performance.now();
    // The database's own "canceling statement due to statement timeout", which every answer turns into the 503 of a busy game.
    const refusal = await command('slow', (tx) => tx`select pg_sleep(5)`).then(() => null, asUnavailable);
    expect(refusal).toMatchObject({ status: 503, message: BUSY });
    // Cut at the deadline (1 s after the request), not at the end of the sleep's 5 s or at the session's 10 s limit.
    expect(performance.now() - started).toBeLessThan(4500);
    expect(await labels()).toEqual([]);
  });

  it('when a statement is sent late in the work, then its own time-out is what is left of the deadline, not what was left at BEGIN', async () => {
    const limits: string[] = [];
    await command('late statement', async (tx) => {
      limits.push((await tx<{ statement_timeout: string }[]>`show statement_timeout`)[0]!.statement_timeout);
      // The wait stands for the work's first round trips on a slow database.
      await new Promise((resolve) => setTimeout(resolve, 600));
      limits.push((await tx<{ statement_timeout: string }[]>`show statement_timeout`)[0]!.statement_timeout);
    });
    const [atBegin, late] = limits.map((limit) => (limit.endsWith('ms') ? Number(limit.slice(0, -2)) : Number(limit.slice(0, -1)) * 1000));
    expect(atBegin).toBeGreaterThan(600);
    // At most the 400 ms left of the deadline's 1 s, whenever the statement went.
    expect(late).toBeLessThanOrEqual(WAIT_MS + RUN_MS - 600);
    expect(await labels()).toEqual(['late statement']);
    await game.sql`delete from deadline_probe`;
  });

  it('when no connection comes free by the deadline (all busy with reads), then the command is refused 503 busy then, never begun', async () => {
    // Four reads hold the pool's four connections for 3 s, as queued reads did on the slow database.
    const reads = Promise.all([1, 2, 3, 4].map(() => game.sql`select pg_sleep(3)`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const refusal = await command('no connection', (tx) => tx`select 1`).then(() => null, asUnavailable);
    expect(refusal).toMatchObject({ status: 503, message: BUSY });
    expect(performance.now() - started).toBeLessThan(2500);
    await reads;
    expect(await labels()).toEqual([]);
  });

  it('when the work ends before its deadline, then it commits', async () => {
    await command('in time', (tx) => tx`select 1`);
    expect(await labels()).toEqual(['in time']);
  });

  it("when a read before the transaction (the session's) outlasts the deadline, then the request is refused 503 busy at the deadline, nothing started", async () => {
    const started = performance.now();
    const refusal = await withRequest({ requestId: 'queued read', startedAt: started }, () =>
      byDeadline(game.sql, game.sql`select pg_sleep(4)`, () => {
        throw unavailable(BUSY);
      }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ status: 503, message: BUSY });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('when a command has committed and what it waits for after (the relay) outlasts the deadline, then it is answered all the same, on time', async () => {
    let release = () => {};
    const relay = new Promise<void>((resolve) => (release = resolve));
    const stopListening = afterEveryCommit(() => relay);
    try {
      const started = performance.now();
      await withRequest({ requestId: 'applied', startedAt: started }, () =>
        inTransaction(game.sql, async (tx) => {
          await tx`insert into deadline_probe (label) values ('applied')`;
          markEventsWritten(tx);
        }),
      );
      // Applied, so never a 503: answered at the deadline (1 s) though the relay has not caught up.
      expect(performance.now() - started).toBeLessThan(3000);
      expect(await labels()).toContain('applied');
    } finally {
      release();
      stopListening();
    }
  });

  it('when there is no request (a job), then no deadline applies', async () => {
    await transaction(game.sql, async (tx) => {
      await tx`select pg_sleep(${(WAIT_MS + RUN_MS + 200) / 1000})`;
      await tx`insert into deadline_probe (label) values ('job')`;
    });
    expect(await labels()).toEqual(['applied', 'in time', 'job']);
  });
});
