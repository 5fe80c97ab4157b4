import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RETRY_MINUTES } from '../domain/mail/sending.ts';
import { copyName } from '../infra/backup/scheduled-backup.ts';
import type { Sql } from '../infra/db/database.ts';

/**
 * The chaos run's full-disk fault (kind `disk`): the processes' DATA_DIR (so the folder transport's
 * DATA_DIR/mail) and BACKUP_DIR live on a small filesystem of the run's own, which the fault fills
 * for its window and then frees. What must hold: no process exits, each says why mail waits
 * ("could not be sent (…ENOSPC…); it waits in the queue") in its log and counts it in
 * wanakt_mail_sends_total{result="queued"}, every message queued in the window is sent once there
 * is room again (its .eml written), and a backup taken while the disk is full fails saying so,
 * leaving no half copy.
 */

/** How big the run's small filesystem is: room for the run's mail and a few copies of its database. */
export const SMALL_FILESYSTEM_BYTES = 64 << 20;

/**
 * The processes take a backup every 10 s (BACKUP_CRON with seconds), and the run holds the claim of
 * every such slot in backup_runs beforehand, as another process that took it would: a slot is
 * released, so a process takes it, only while the disk is full and once after it is freed. No
 * production endpoint starts a scheduled backup, and a dump with a scratch restore every 10 s over
 * the whole run would load the 2 cores the run measures.
 */
export const BACKUP_EVERY_SECONDS = 10;
export const BACKUP_CRON = `*/${BACKUP_EVERY_SECONDS} * * * * *`;
const SLOT_MS = BACKUP_EVERY_SECONDS * 1000;
const HELD = 'held by the chaos run: only the slots around a full disk are taken';

/** Claims every backup slot from now until `untilMs` (epoch ms) for the run, so no process takes one. */
export async function holdBackupSlots(sql: Sql, untilMs: number): Promise<void> {
  const first = Math.ceil(Date.now() / SLOT_MS) * SLOT_MS;
  const slots: Date[] = [];
  for (let at = first; at <= untilMs; at += SLOT_MS) slots.push(new Date(at));
  if (slots.length === 0) return;
  await sql`
    insert into backup_runs (slot, started_at, finished_at, problem)
    select slot, now(), now(), ${HELD} from unnest(${slots.map((slot) => slot.toISOString())}::timestamptz[]) as slot
    on conflict (slot) do nothing`;
}

/** Lets the processes take the held slots from `fromMs` to `toMs` (epoch ms); answers them. */
export async function releaseBackupSlots(sql: Sql, fromMs: number, toMs: number): Promise<Date[]> {
  const released = await sql<{ slot: Date }[]>`
    delete from backup_runs where problem = ${HELD} and slot >= ${new Date(fromMs)} and slot <= ${new Date(toMs)} returning slot`;
  return released.map((row) => row.slot).sort((a, b) => a.getTime() - b.getTime());
}

/** The first backup slot at least `afterMs` from now. */
export const nextBackupSlot = (afterMs: number): number => Math.ceil((Date.now() + afterMs) / SLOT_MS) * SLOT_MS;

/** wanakt_mail_sends_total{result="queued"} from a process's operator port (/metrics); null when it does not answer. */
export async function mailQueuedMetric(opsUrl: string): Promise<number | null> {
  try {
    const response = await fetch(`${opsUrl}/metrics`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return null;
    const line = (await response.text()).split('\n').find((text) => text.startsWith('wanakt_mail_sends_total{result="queued"}'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  } catch {
    return null;
  }
}

/** The log lines that say a message waits because the disk under the mail folder is full. */
export const MAIL_FULL_DISK_LINE = /could not be sent \([^)]*(ENOSPC|no space left)[^)]*\); it waits in the queue/i;
/** The log lines that say a scheduled backup failed because the disk under BACKUP_DIR is full. */
export const BACKUP_FULL_DISK_LINE =
  /The backup job failed[^\n]*(ENOSPC|No space left)|The backup \S+ could not be written[^\n]*(ENOSPC|No space left)/i;

/** The time of each of these pino JSON lines (epoch ms) in `outputs` that match `pattern`. */
export function linesAt(outputs: string[], pattern: RegExp): number[] {
  return outputs.flatMap((output) =>
    output
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => {
        try {
          return Date.parse((JSON.parse(line) as { time: string }).time);
        } catch {
          return Number.NaN;
        }
      }),
  );
}

/**
 * How long after a full disk's end the mail it held is all sent: a message that failed its last
 * try just before the disk was freed waits its first retry (RETRY_MINUTES[0]), then the next
 * mail-send run (every 5 s), with room for a slow machine.
 */
export const MAIL_AFTER_DISK_MS = RETRY_MINUTES[0] * 60_000 + 25_000;

export interface MailOfWindow {
  queued: number;
  /** Of them, tried at least once while the disk was full (more than one try, or still waiting). */
  triedWhileFull: number;
  sent: number;
  /** Not sent by the bound: id, status, last error. */
  notSent: string[];
  /** Sent, and no .eml of theirs in DATA_DIR/mail. */
  withoutFile: number[];
}

/**
 * The mail queued between `fromMs` and `toMs`, waited for until `deadlineMs` (or until all of it is
 * sent), and the .eml files the folder transport wrote for it.
 */
export async function mailOfWindow(sql: Sql, mailDir: string, fromMs: number, toMs: number, deadlineMs: number): Promise<MailOfWindow> {
  type Row = { id: number; status: string; attempts: number; last_error: string | null };
  const read = () => sql<Row[]>`
    select id::int, status, attempts, last_error from mail_messages
     where created_at >= ${new Date(fromMs)} and created_at <= ${new Date(toMs)} order by id`;
  let rows = await read().catch(() => [] as Row[]);
  while (rows.some((row) => row.status !== 'sent') && Date.now() < deadlineMs) {
    // The wait is the rule under test: the mail held by the full disk goes within MAIL_AFTER_DISK_MS.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rows = await read().catch(() => rows);
  }
  const files = new Set(
    (await readdir(mailDir).catch(() => [] as string[])).flatMap((name) => /^mail-(\d+)\..*\.eml$/.exec(name)?.[1] ?? []).map(Number),
  );
  const sent = rows.filter((row) => row.status === 'sent');
  return {
    queued: rows.length,
    triedWhileFull: rows.filter((row) => row.attempts > 1 || (row.status === 'queued' && row.attempts > 0)).length,
    sent: sent.length,
    notSent: rows
      .filter((row) => row.status !== 'sent')
      .map((row) => `mail ${row.id} ${row.status} after ${row.attempts} tries${row.last_error ? `: ${row.last_error.slice(0, 120)}` : ''}`),
    withoutFile: sent.filter((row) => !files.has(row.id)).map((row) => row.id),
  };
}

/** How the backup of each released slot went: taken or not, its problem, and whether a copy of it is in BACKUP_DIR. */
export async function backupsOf(
  sql: Sql,
  backupDir: string,
  slots: Date[],
): Promise<{ slot: Date; taken: boolean; ok: boolean | null; problem: string | null; copyKept: boolean }[]> {
  if (slots.length === 0) return [];
  const rows = await sql<{ slot: Date; ok: boolean | null; problem: string | null }[]>`
    select slot, ok, problem from backup_runs where slot = any(${slots.map((slot) => slot.toISOString())}::timestamptz[])`;
  const copies = new Set(await readdir(backupDir).catch(() => [] as string[]));
  return slots.map((slot) => {
    const row = rows.find((one) => one.slot.getTime() === slot.getTime());
    return {
      slot,
      taken: Boolean(row),
      ok: row?.ok ?? null,
      problem: row?.problem ?? null,
      copyKept: copies.has(copyName(slot, 'postgres')),
    };
  });
}

export const mailFolderOf = (dataDir: string): string => join(dataDir, 'mail');
