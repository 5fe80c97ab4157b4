import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../domain/economy/supply.ts';
import { queueMail } from '../domain/mail/queue.ts';
import { runScheduledBackup } from '../infra/backup/scheduled-backup.ts';
import { inTransaction } from '../infra/db/database.ts';
import { createLogger } from '../infra/logger.ts';
import { folderTransport } from '../infra/mail/transport.ts';
import { mailSends } from '../infra/observability/metrics.ts';
import { testBackends } from '../testing/databases.ts';
import { mountSmallFilesystem } from '../testing/small-filesystem.ts';
import { sendDueMail } from './mail-jobs.ts';

// A full disk under DATA_DIR/mail and BACKUP_DIR, as a host's disk fills: the game says so in its
// log and metrics, keeps the mail queued, leaves no half backup, and carries on once there is room.
// It needs a filesystem of its own to fill (a tmpfs, which only root may mount).
const disk = await mountSmallFilesystem(64 << 20);
const sendsOf = async (result: string) => (await mailSends.get()).values.find((value) => value.labels.result === result)?.value ?? 0;

describe.runIf(disk)('a full disk under the mail folder and the backups', () => {
  const backend = testBackends()[0];
  const now = new Date('2026-11-29T09:00:00Z');
  const lines: string[] = [];
  const log = {
    ...createLogger('error'),
    info: () => {},
    warn: (line: string) => lines.push(line),
    error: (line: string) => lines.push(line),
  };

  afterAll(async () => {
    await disk?.remove();
  });

  it('when the mail folder’s disk is full, then the message waits in the queue, the failure is logged and counted, and it goes once there is room', async () => {
    const database = await backend.open();
    try {
      const folder = join(disk!.path, 'mail');
      const settings = {
        transport: folderTransport(folder, log),
        from: 'Wanakt World <game@wanakt.test>',
        origin: 'http://game.test',
        perAddressPerHour: 10,
      };
      await inTransaction(database.sql, (tx) =>
        queueMail(tx, [{ kind: 'notice', to: 'patient@players.example', data: { text: 'Kept for later', link: '/rent' } }], now),
      );
      await disk!.fill();
      const queuedBefore = await sendsOf('queued');

      expect(await sendDueMail({ sql: database.sql, clock: () => now, log }, settings)).toBe(0);
      const [waiting] = await database.sql`select status, attempts, last_error from mail_messages`;
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting.last_error).toMatch(/ENOSPC|no space left/i);
      expect(lines.some((line) => /could not be sent \(.*(ENOSPC|no space left).*\); it waits in the queue/i.test(line))).toBe(true);
      expect(await sendsOf('queued')).toBe(queuedBefore + 1);

      await disk!.free();
      const later = new Date(now.getTime() + 61_000);
      expect(await sendDueMail({ sql: database.sql, clock: () => later, log }, settings)).toBe(1);
      expect((await database.sql`select status from mail_messages`)[0].status).toBe('sent');
      expect((await readdir(folder)).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    } finally {
      await disk!.free();
      await database.close();
    }
  });

  it('when the backup folder’s disk is full, then the backup fails saying why, is recorded as failed, leaves no half copy, and the next one after room is made is whole', async () => {
    const database = await backend.open();
    try {
      const schedule = { dir: join(disk!.path, 'backups'), keep: 2 };
      const deps = { sql: database.sql, clock: () => now, log, database, check: checkInvariants };
      await disk!.fill();

      const slot = new Date('2026-11-29T10:00:00Z');
      await expect(runScheduledBackup(deps, schedule, slot)).rejects.toThrow(/could not be written: .*(ENOSPC|no space left)/i);
      const [failed] = await database.sql`select ok, problem from backup_runs where slot = ${slot}`;
      expect(failed.ok).toBe(false);
      expect(failed.problem).toMatch(/ENOSPC|no space left/i);
      expect(await readdir(schedule.dir)).toEqual([]);

      await disk!.free();
      const next = await runScheduledBackup(deps, schedule, new Date('2026-11-29T11:00:00Z'));
      expect(next?.report.ok).toBe(true);
      expect(await readdir(schedule.dir)).toEqual([next!.file.split('/').at(-1)]);
    } finally {
      await disk!.free();
      await database.close();
    }
  });
});
