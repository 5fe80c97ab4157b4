import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openToOthers } from './infra/owner-only.ts';
import { TestAgent } from './testing/agent.ts';
import { waitFor } from './testing/test-clients.ts';

// docs/operations.md "Files": the embedded database, the mail folder and the backups are the
// owner's alone (0700 folders, 0600 files) whatever the umask; the start-up check fixes and names
// what was open; the backup door needs OPS_TOKEN on the loopback operator port too. The server runs
// as `npm start` does, under a shell whose umask is 000 (every file anyone's by default).

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const BACKUP_CLI = new URL('./backup-cli.ts', import.meta.url).pathname;
const OPS_TOKEN = 'owner-only-ops-token-0123456789';

interface Running {
  child: ChildProcess;
  url: string;
  opsUrl: string;
  output: () => string;
}

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
});

function underUmask000(script: string, env: Record<string, string>, cwd: string, args: string[] = []): ChildProcess {
  const child = spawn('sh', ['-c', 'umask 000 && exec "$@"', 'sh', process.execPath, script, ...args], {
    cwd,
    env: { PATH: process.env.PATH!, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

function start(env: Record<string, string>, cwd: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = underUmask000(MAIN, { PORT: '0', OPS_PORT: '0', MAIL_SEND_CRON: '* * * * * *', LOG_LEVEL: 'info', ...env }, cwd);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/running at (http:\/\/[^\s"]+)/)?.[1];
      const opsUrl = output.match(/Operator endpoints? .*?at (http:\/\/[\d.]+:\d+)/)?.[1];
      if (url && opsUrl && output.includes('Started in')) resolve({ child, url, opsUrl, output: () => output });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
}

async function stop(server: Running): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Each entry of a tar archive with its mode, as `tar -tv` would show it. */
function tarModes(tarball: Buffer): { name: string; mode: number }[] {
  const entries: { name: string; mode: number }[] = [];
  for (let offset = 0; offset + 512 <= tarball.length;) {
    const header = tarball.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
        .trim();
    entries.push({ name: field(0, 100), mode: parseInt(field(100, 8), 8) });
    offset += 512 + Math.ceil(parseInt(field(124, 12) || '0', 8) / 512) * 512;
  }
  return entries;
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

describe('files the game writes are its owner’s alone, and the backup door needs a token', () => {
  it('when the server starts under umask 000 with a loose data dir, mails and is backed up, then nothing under DATA_DIR or the backup is open to others', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'wanakt-modes-'));
    const dataDir = join(cwd, 'data');
    const backupDir = join(cwd, 'backups');
    try {
      // A data dir left open by an earlier version: the start-up check must name it and fix it.
      await mkdir(join(dataDir, 'mail'), { recursive: true });
      await writeFile(join(dataDir, 'mail', 'old.eml'), 'To: someone\n\nhttp://link');
      await chmod(join(dataDir, 'mail', 'old.eml'), 0o666);
      await chmod(join(dataDir, 'mail'), 0o777);

      // First start without OPS_TOKEN: metrics on the loopback port, the backup door closed.
      const first = await start({ DATA_DIR: dataDir, BACKUP_DIR: backupDir }, cwd);
      expect(first.output()).toMatch(/DATA_DIR \(.*\): 3 of 3 files and folders were open to other users .* made owner-only/);
      expect(first.output()).toContain('The backup door (/ops/backup) is closed: it opens only with OPS_TOKEN set');
      const closed = await fetch(`${first.opsUrl}/ops/backup`);
      expect(closed.status).toBe(403);
      expect((await closed.json()).message).toMatch(/OPS_TOKEN/);
      expect((await fetch(`${first.opsUrl}/metrics`)).status).toBe(200);
      const afterStart = await openToOthers(dataDir);

      // A mail: a player sets an address, the confirmation is written to DATA_DIR/mail.
      const player = new TestAgent(first.url);
      expect((await player.post('/api/users/register', { username: 'ModesPlayer', password: 'a-long-password' })).status).toBe(201);
      expect((await player.post('/api/account/email', { email: 'modes@example.com' })).status).toBe(200);
      const eml = await waitFor(
        async () => (await readdir(join(dataDir, 'mail'))).find((name) => name !== 'old.eml'),
        'the mail file',
        60_000,
      );
      const afterMail = await openToOthers(dataDir);
      await stop(first);

      // Second start with OPS_TOKEN: npm run backup takes its copy from the operator port.
      const second = await start({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, OPS_TOKEN }, cwd);
      const port = new URL(second.opsUrl).port;
      const backupFile = join(backupDir, 'by-hand.tar.gz');
      const backup = underUmask000(BACKUP_CLI, { DATA_DIR: dataDir, OPS_PORT: port, OPS_TOKEN }, cwd, [backupFile]);
      backup.stdout!.resume();
      backup.stderr!.resume();
      await new Promise((resolve) => backup.once('exit', resolve));
      const copyPath = backupFile;
      const copy = 'by-hand.tar.gz';
      const entries = tarModes(gunzipSync(await readFile(copyPath)));
      const looseEntries = entries.filter((entry) => (entry.mode & 0o077) !== 0);
      const afterBackup = await openToOthers(dataDir);
      const backupFolder = await openToOthers(backupDir);
      await stop(second);

      console.log(
        `under umask 000: after a start ${afterStart.open.length} of ${afterStart.total} open to others; ` +
          `after a mail ${afterMail.open.length} of ${afterMail.total} (${eml} is ${await modeOf(join(dataDir, 'mail', eml))}); ` +
          `after a backup ${afterBackup.open.length} of ${afterBackup.total} in DATA_DIR, ${backupFolder.open.length} of ${backupFolder.total} in BACKUP_DIR ` +
          `(${copy} is ${await modeOf(copyPath)}, folder ${await modeOf(backupDir)}), ${looseEntries.length} of ${entries.length} archive entries`,
      );
      expect(afterStart.open).toEqual([]);
      expect(afterMail.open).toEqual([]);
      expect(afterBackup.open).toEqual([]);
      expect(backupFolder.open).toEqual([]);
      expect(entries.length).toBeGreaterThan(100);
      expect(looseEntries).toEqual([]);
      expect(await modeOf(dataDir)).toBe('700');
      expect(await modeOf(join(dataDir, 'mail', eml))).toBe('600');
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 300_000);
});
