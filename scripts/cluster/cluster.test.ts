import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { backfillNameSkeletons } from '../../game-server/domain/names/skeleton-backfill.ts';
import { createSession, SESSION_COOKIE } from '../../game-server/domain/auth/sessions.ts';
import type { Database } from '../../game-server/infra/db/database.ts';
import { checkInvariants } from '../../game-server/domain/economy/supply.ts';
import { testRedisUrl } from '../../game-server/testing/test-redis.ts';
import { waitFor, worldDifferences } from '../../game-server/testing/test-clients.ts';
import { postgresBackendIfReachable } from '../../game-server/testing/databases.ts';
import { sharedProcessEnvironment } from '../../game-server/testing/game-processes.ts';
import { sendWithClientRetries } from '../../game-server/testing/client-retries.ts';
import { oneShotRequest } from '../../game-server/testing/one-shot-request.ts';
import { createPlayer } from '../../game-server/testing/players.ts';
import { freePort } from '../../game-server/testing/private-redis.ts';
import { StayingClient } from '../../game-server/testing/staying-client.ts';
import { clusterFiles, type ClusterState } from './cluster-files.ts';

// `npm run cluster` as an operator runs it: real nginx in front of three real game processes on
// PostgreSQL and Redis; everything below goes through nginx's one public port.
const postgres = postgresBackendIfReachable();
const redisUrl = await testRedisUrl();
const CLUSTER = new URL('./cluster.ts', import.meta.url).pathname;
const PROMETHEUS_PORT = await freePort();
const RESTART = new URL('./restart.ts', import.meta.url).pathname;
const COMMANDS_PER_SECOND = 50;

interface RunningCluster {
  url: string;
  child: ChildProcess;
  dir: string;
  output(): string;
  state(): Promise<ClusterState>;
}

async function startCluster(env: Record<string, string>, dir: string): Promise<RunningCluster> {
  const child = spawn(process.execPath, [CLUSTER, '--monitoring'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env, CLUSTER_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`npm run cluster exited with ${child.exitCode}:\n${output.slice(-4000)}`);
      return output.match(/cluster is running at (http:\/\/\S+)/)?.[1];
    },
    'the cluster to start',
    240_000,
  );
  return {
    url,
    child,
    dir,
    output: () => output,
    state: async () => JSON.parse(await readFile(clusterFiles(dir).state, 'utf8')) as ClusterState,
  };
}

const liveState = (page: Page) => page.getByTestId('live-status').getAttribute('data-state');

describe.runIf(postgres && redisUrl)('npm run cluster: three game processes behind nginx on one port', () => {
  let database: Database;
  let cluster: RunningCluster;
  let chrome: Browser;
  let page: Page;
  let demoCookie: string;
  const sockets: string[] = [];
  const staying: StayingClient[] = [];

  beforeAll(async () => {
    database = await postgres!.open();
    const dir = await mkdtemp(join(tmpdir(), 'wanakt-cluster-'));
    // A shared, loaded machine: processes may hold many queued requests when told to stop, and a
    // command may wait seconds for its turn (the game sheds load with 503s past COMMAND_WAIT_MS, or
    // when more commands wait than its pool's queue holds: a larger pool lets them wait instead).
    const env = sharedProcessEnvironment(database.url!, redisUrl!, {
      PORT: String(await freePort()),
      PROMETHEUS_PORT: String(PROMETHEUS_PORT),
      SHUTDOWN_SECONDS: '60',
      COMMAND_WAIT_MS: '30000',
      DATABASE_POOL_SIZE: '20',
    });
    [cluster, chrome] = await Promise.all([startCluster(env, dir), launchBrowser()]);
    const demo = await database.sql<{ id: string }[]>`select id from users where username = 'sample'`;
    demoCookie = `${SESSION_COOKIE}=${await createSession(database.sql, demo[0].id, new Date())}`;
  }, 300_000);

  beforeEach(() => {
    // What the cluster said besides the processes' info lines: nginx's errors, restarts, warnings.
    onTestFailed(() => {
      const saved = join(tmpdir(), `wanakt-cluster-${process.pid}.log`);
      writeFileSync(saved, cluster.output());
      const notices = cluster
        .output()
        .split('\n')
        .filter((line) => !/^p\d \| \{"level":"info"/.test(line));
      console.log(`${notices.slice(-60).join('\n')}\n(all of the cluster's output: ${saved})`);
    });
  });

  afterAll(async () => {
    await Promise.all(staying.map((client) => client.leave()));
    await chrome?.close();
    if (cluster && cluster.child.exitCode === null) {
      const exited = new Promise((resolve) => cluster.child.once('exit', resolve));
      cluster.child.kill('SIGTERM');
      await exited;
      expect(cluster.output()).toMatch(/Stopped \(p1 exited 0, p2 exited 0, p3 exited 0\)/);
    }
    await database?.close();
    if (cluster) await rm(cluster.dir, { recursive: true, force: true });
  });

  /** Waits until the watcher's room, whichever it holds now, equals the database; fails saying what still differs. */
  async function roomEqualsDatabase(watcher: StayingClient): Promise<void> {
    let differences: string[] = ['no room yet'];
    await waitFor(
      async () => {
        differences = watcher.room ? await worldDifferences(database.sql, watcher.room) : ['no room yet'];
        return differences.length === 0;
      },
      'the room through nginx equal to the database',
      15_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${differences.slice(0, 8).join('; ')}`);
    });
  }
  it('when the API, the client and the operator endpoints are asked through the public port, then the game answers and the operator endpoints are not there', async () => {
    for (let i = 0; i < 6; i++) expect((await oneShotRequest(cluster.url, 'GET', '/api/ready')).status).toBe(200);
    expect((await oneShotRequest(cluster.url, 'GET', '/')).status).toBe(200);
    for (const path of ['/metrics', '/ops/backup', '/ops/backup?x=1']) {
      // Even claiming to be the machine itself.
      expect((await oneShotRequest(cluster.url, 'GET', path, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status, path).toBe(404);
    }
    const state = await cluster.state();
    expect(state.processes.map((process) => process.inRotation)).toEqual([true, true, true]);
    // They are on each process's operator port, behind the token the cluster gave them.
    const token = (await readFile(clusterFiles(cluster.dir).opsToken, 'utf8')).trim();
    for (const { opsPort } of state.processes) {
      const ops = `http://127.0.0.1:${opsPort}`;
      expect((await oneShotRequest(ops, 'GET', '/metrics')).status).toBe(401);
      const metrics = await oneShotRequest(ops, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(metrics.status).toBe(200);
      expect(String(metrics.body)).toContain('wanakt_commands_total');
    }
  });

  it('when started with --monitoring, then Prometheus scrapes every process with the alerts loaded', async () => {
    const prometheus = (await cluster.state()).prometheus!;
    expect(prometheus).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const up = await waitFor(
      async () => {
        const answer = await fetch(`${prometheus}/api/v1/query?query=up`).then(
          (response) => response.json(),
          () => null,
        );
        const series = (answer?.data?.result ?? []) as { metric: { process: string }; value: [number, string] }[];
        return series.length === 3 && series.every((one) => one.value[1] === '1') ? series : null;
      },
      'Prometheus to scrape the three processes',
      60_000,
    );
    expect(up.map((series) => series.metric.process).sort()).toEqual(['p1', 'p2', 'p3']);
    const rules = await fetch(`${prometheus}/api/v1/rules`).then((response) => response.json());
    expect(rules.data.groups[0].rules.map((rule: { name: string }) => rule.name)).toContain('WanaktProcessDown');
  });

  it('when two client addresses call a limited door through nginx, then each has a bucket of its own (X-Forwarded-For)', async () => {
    const [territory] = await database.sql<{ id: number }[]>`select id from territories order by id limit 1`;
    const visit = (from: string) =>
      oneShotRequest(cluster.url, 'POST', `/api/territories/${territory.id}/visit`, { body: {}, localAddress: from });
    const first: number[] = [];
    for (let i = 0; i < 31; i++) first.push((await visit('127.0.0.2')).status);
    expect(first.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(first[30]).toBe(429);
    // A forged header does not move the first address to another bucket; another address has its own.
    const forged = await oneShotRequest(cluster.url, 'POST', `/api/territories/${territory.id}/visit`, {
      body: {},
      localAddress: '127.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(forged.status).toBe(429);
    expect((await visit('127.0.0.3')).status).toBe(200);
  });

  it('when a purchase is made through the public port, then a browser joined through the same port shows it within a second', async () => {
    const context = await chrome.newContext();
    const [name, value] = demoCookie.split('=');
    await context.addCookies([{ name, value, url: cluster.url }]);
    page = await context.newPage();
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(`${cluster.url}/`);
    await expect.poll(() => liveState(page), { timeout: 60_000 }).toBe('live');
    await expect.poll(() => page.getByTestId('territory-count').textContent(), { timeout: 30_000 }).toBe('0');
    expect(sockets.at(-1)).toMatch(new RegExp(`^ws://${new URL(cluster.url).host}/live/p[123]/`));

    const [territory] = await database.sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price <= 5000 order by sale_price desc limit 1`;
    const answer = await oneShotRequest(cluster.url, 'POST', `/api/territories/${territory.id}/purchase`, { body: {}, cookie: demoCookie });
    expect(answer.status).toBe(200);
    const answered = Date.now();
    await expect.poll(() => page.getByTestId('territory-count').textContent(), { timeout: 1000, interval: 25 }).toBe('1');
    console.log(`cluster: the browser showed a purchase made through nginx ${Date.now() - answered} ms after its answer`);
  });

  it("when the process holding the browser's socket is killed with SIGKILL, then the browser is Live again within 10 s and shows the database's world", async () => {
    const watcher = new StayingClient(() => [cluster.url]);
    staying.push(watcher);
    await watcher.join();
    const n = Number(sockets.at(-1)!.match(/\/live\/p(\d)\//)![1]);
    const victim = (await cluster.state()).processes.find((process) => process.n === n)!;
    const killedAt = Date.now();
    process.kill(victim.pid!, 'SIGKILL');
    await expect.poll(() => liveState(page), { timeout: 5000, interval: 25 }).not.toBe('live');
    await expect.poll(() => liveState(page), { timeout: 10_000, interval: 50 }).toBe('live');
    console.log(`cluster: kill -9 of p${n}: the browser was Live again ${Date.now() - killedAt} ms later (socket now ${sockets.at(-1)})`);

    const [demo] = await database.sql<{ balance: number; owned: number }[]>`
      select u.drk_balance::int as balance, (select count(*)::int from territories t where t.owner_id = u.id) as owned
      from users u where username = 'sample'`;
    await expect.poll(() => page.getByTestId('territory-count').textContent()).toBe(String(demo.owned));
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain(demo.balance.toLocaleString('en-US'));
    await roomEqualsDatabase(watcher);
    // The cluster starts the killed process again and nginx takes it back.
    await waitFor(
      async () => (await cluster.state()).processes.every((process) => process.inRotation && process.pid !== victim.pid),
      'p' + n + ' back in nginx',
      120_000,
    );
    expect(cluster.output()).toContain(`p${n} exited (SIGKILL): starting it again`);
  });

  it(`when cluster:restart runs under ${COMMANDS_PER_SECOND} commands a second through nginx, then every command is answered without an error and every process comes back`, async () => {
    const sql = database.sql;
    const players = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const id = await createPlayer(sql, { balance: 1_000_000, username: `cluster-${i}` });
        return { id, cookie: `${SESSION_COOKIE}=${await createSession(sql, id, new Date())}` };
      }),
    );
    const territories = await sql<
      { id: number }[]
    >`select id from territories where type not in ('wanakt', 'wonder') and owner_id is null order by id limit 30`;
    for (const [i, player] of players.entries()) {
      const mine = territories.slice(i * 3, i * 3 + 3).map((t) => t.id);
      await sql`update territories set owner_id = ${player.id}, sale_price = null where id in ${sql(mine)}`;
    }
    // As a migrated server has them (start-up fills the missing ones, taking each row's lock).
    await backfillNameSkeletons(sql);
    const ids = territories.map((t) => t.id);
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
    const tally = { sent: 0, ok: 0, refused: 0, errors: [] as string[] };
    const command = async () => {
      tally.sent++;
      const player = pick(players);
      const territory = pick(ids);
      const roll = Math.random();
      const [method, path, body] =
        roll < 0.6
          ? [
              'PATCH',
              `/api/territories/${territory}/listing`,
              { sale_price: Math.random() < 0.2 ? null : 100 + Math.floor(Math.random() * 4900) },
            ]
          : roll < 0.85
            ? ['POST', `/api/territories/${territory}/visit`, {}]
            : ['POST', `/api/territories/${territory}/purchase`, {}];
      try {
        // Every command from its own address, as players' browsers would come.
        const from = `127.0.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 250) + 1}`;
        // As the game's client sends a command: a 503 (not applied) is tried again with its key.
        const { answer } = await sendWithClientRetries((headers) =>
          oneShotRequest(cluster.url, method, path, { body, cookie: player.cookie, localAddress: from, headers }),
        );
        if (answer.status >= 500) tally.errors.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        else if (answer.status >= 400) tally.refused++;
        else tally.ok++;
      } catch (error) {
        tally.errors.push(`${method} ${path}: ${String(error)}`);
      }
    };
    const inFlight = new Set<Promise<void>>();
    const began = Date.now();
    let running = true;
    const load = (async () => {
      while (running) {
        while (tally.sent < Math.floor(((Date.now() - began) / 1000) * COMMANDS_PER_SECOND)) {
          const sent = command().finally(() => inFlight.delete(sent));
          inFlight.add(sent);
        }
        // The wait is the load's pacing: commands go out at COMMANDS_PER_SECOND.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    // The wait is the rule under test, a restart under steady load: the load runs 2 s before the restart.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restart = spawn(process.execPath, [RESTART], {
      env: { PATH: process.env.PATH ?? '', CLUSTER_DIR: cluster.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let restartOutput = '';
    restart.stdout!.on('data', (chunk: Buffer) => (restartOutput += chunk.toString()));
    restart.stderr!.on('data', (chunk: Buffer) => (restartOutput += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => restart.once('exit', resolve));
    // The wait is the rule under test: the load goes on 2 s after the restart, against the replaced processes.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await load;
    await Promise.all(inFlight);
    const seconds = (Date.now() - began) / 1000;

    expect(code, restartOutput).toBe(0);
    expect(restartOutput.match(/drained and exited with 0/g)).toHaveLength(3);
    expect(tally.errors).toEqual([]);
    expect(tally.ok + tally.refused).toBe(tally.sent);
    expect((await cluster.state()).processes.every((process) => process.inRotation)).toBe(true);
    await expect.poll(() => liveState(page), { timeout: 15_000 }).toBe('live');
    const watcher = staying[0];
    await roomEqualsDatabase(watcher);
    expect((await checkInvariants(sql)).problems).toEqual([]);
    console.log(
      `cluster: rolling restart through nginx: ${tally.sent} commands in ${seconds.toFixed(1)} s (${(tally.sent / seconds).toFixed(0)}/s): ` +
        `${tally.ok} ok, ${tally.refused} refused by the rules, ${tally.errors.length} errors; ${restartOutput.trim().split('\n').join('; ')}`,
    );
  }, 300_000);
});
