import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestAgent } from '../../testing/agent.ts';
import { startGameProcess, type GameProcess } from '../../testing/game-processes.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from '../../testing/test-passwords.ts';
import { openEmbedded } from '../db/database.ts';

const cli = (name: string) => new URL(`../../${name}-cli.ts`, import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `npm run backup` / `npm run restore` as an operator would, with the server's settings. */
function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli(name), ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('[backups] npm run backup and npm run restore on the embedded database', () => {
  let cwd: string;
  let server: GameProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('when the server is busy, then backup copies it consistently; restore puts the copy back, keeps the old data aside and passes the invariant check', async () => {
    cwd = await mkdtemp(join(tmpdir(), 'wanakt-backup-'));
    const env = {
      PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      OPS_TOKEN: 'backup-test-ops-token-0123456789',
      DATA_DIR: join(cwd, 'data'),
      WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    };
    server = await startGameProcess(env, cwd);
    const demo = new TestAgent(server.url);
    expect((await demo.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    const wanakt = new TestAgent(server.url);
    expect((await wanakt.post('/api/auth/login', { username: 'wanakt', password: TEST_WANAKT_PASSWORD })).status).toBe(200);
    expect((await wanakt.post('/api/currency/mint', { amount: 200_000, recipientId: 'sample-user' })).status).toBe(200);
    const forSale = (await demo.get<{ id: number; owner_id: string | null; sale_price: number | null }[]>('/api/territories')).body
      .filter((territory) => territory.owner_id === null && territory.sale_price !== null)
      .sort((a, b) => a.sale_price! - b.sale_price!)
      .slice(0, 12);
    expect(forSale).toHaveLength(12);
    const before = forSale.slice(0, 4);
    for (const territory of before) expect((await demo.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    // Purchases go on while the copy is taken.
    let busy = true;
    const during = (async () => {
      for (const territory of forSale.slice(4)) {
        if (!busy) return;
        await demo.post(`/api/territories/${territory.id}/purchase`, {});
      }
    })();
    // The backup door needs the token, on the loopback operator port too.
    const tokenless = await runCli('backup', [join(cwd, 'backups', 'tokenless.tar.gz')], { ...env, OPS_TOKEN: '' }, cwd);
    expect(tokenless.output).toMatch(/The server refused the backup: 401 .*OPS_TOKEN/);
    expect(tokenless.code).not.toBe(0);
    const file = join(cwd, 'backups', 'busy.tar.gz');
    const backup = await runCli('backup', [file], env, cwd);
    busy = false;
    await during;
    expect(backup.output).toMatch(/Backup written to .*busy\.tar\.gz \(\d+ bytes, from the server's operator port \d+\)/);
    expect(backup.code).toBe(0);

    expect((await runCli('restore', [file], env, cwd)).output).toMatch(/A server answers on port \d+: stop it before restoring/);
    expect((await server.stop()).code).toBe(0);

    const offline = await runCli('backup', [join(cwd, 'backups', 'offline.tar.gz')], env, cwd);
    expect(offline.output).toContain('no server running');

    const restore = await runCli('restore', [file], env, cwd);
    expect(restore.output).toMatch(/Restored .*busy\.tar\.gz into .*data; the previous data is kept in .*data\.before-restore-\d+/);
    expect(restore.output).toMatch(/Ledger invariants: OK \(total supply \d+, circulating \d+, balances \d+\)/);
    expect(restore.code).toBe(0);

    const restored = await openEmbedded({ dataDir: env.DATA_DIR });
    try {
      const owned = await restored.sql<
        { id: number }[]
      >`select id from territories where owner_id = 'sample-user' and id in ${restored.sql(before.map((t) => t.id))}`;
      expect(owned).toHaveLength(before.length);
    } finally {
      await restored.close();
    }
    console.log(`backup under load: ${backup.output.trim()}\nrestore: ${restore.output.trim()}`);
  }, 300_000);
});
