import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail, type MailDraft } from '../domain/mail/queue.ts';
import { inTransaction, type Sql } from '../infra/db/database.ts';
import { createLogger } from '../infra/logger.ts';
import { smtpTransport } from '../infra/mail/transport.ts';
import { testBackends } from '../testing/databases.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { sendDueMail, type MailSettings } from './mail-jobs.ts';

// The mail job's warnings about messages that wait are what these tests cause on purpose.
const quiet = { warn: () => {}, error: () => {} };

const notice = (to: string, text: string): MailDraft => ({ kind: 'notice', to, data: { text, link: '/rent' } });

async function queue(sql: Sql, drafts: MailDraft[], now: Date): Promise<void> {
  await inTransaction(sql, (tx) => queueMail(tx, drafts, now));
}

async function statuses(sql: Sql, to: string): Promise<string[]> {
  const rows = await sql<{ status: string }[]>`select status from mail_messages where to_address = ${to} order by id`;
  return rows.map((row) => row.status);
}

for (const backend of testBackends()) {
  describe(`[§11 mail] queued with its cause, sent once, on ${backend.name}`, () => {
    let game: TestServer;
    let catcher: MailCatcher;
    let now = new Date('2026-11-26T09:00:00Z');
    const clock = () => now;
    const settings = (overrides: Partial<MailSettings> = {}): MailSettings => ({
      transport: smtpTransport(catcher.url),
      from: 'Wanakt World <game@wanakt.test>',
      origin: game.server.url,
      perAddressPerHour: 10,
      ...overrides,
    });

    beforeAll(async () => {
      catcher = await startMailCatcher({ refuse: ['gone@nowhere.example'] });
      game = await startTestServer(backend, { clock, env: { SMTP_URL: catcher.url, MAIL_PER_ADDRESS_PER_HOUR: '3' } });
    });
    afterAll(async () => {
      await game?.stop();
      await catcher?.stop();
    });

    it('when a message is queued, then the mail job sends it with an HTML and a plain-text part, the game’s name and a link back', async () => {
      await queue(game.database.sql, [notice('reader@players.example', 'Rent of 111 DRK for Lyon is due in 3 days')], now);
      const [mail] = await catcher.waitFor('reader@players.example');
      expect(mail.subject).toBe('Rent of 111 DRK for Lyon is due in 3 days');
      expect(mail.text).toContain('Wanakt World');
      expect(mail.text).toContain(`${game.server.url}/rent`);
      expect(mail.html).toContain('Wanakt World');
      expect(mail.links).toContain(`${game.server.url}/rent`);
      expect(mail.links).toContain(`${game.server.url}/`);
      expect(String(mail.headers.get('message-id'))).toMatch(/^<mail-\d+\.\d+@wanakt\.invalid>$/);
    });

    it('when the server refuses an address for good, then the refusal is recorded, the address suppressed, and nothing more is tried there', async () => {
      await queue(game.database.sql, [notice('gone@nowhere.example', 'First')], now);
      await expect.poll(() => statuses(game.database.sql, 'gone@nowhere.example'), { timeout: 20_000 }).toEqual(['bounced']);
      const [row] = await game.database.sql`select attempts, last_error from mail_messages where to_address = 'gone@nowhere.example'`;
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/^550 /);
      await queue(game.database.sql, [notice('gone@nowhere.example', 'Second')], now);
      await expect.poll(() => statuses(game.database.sql, 'gone@nowhere.example'), { timeout: 20_000 }).toEqual(['bounced', 'suppressed']);
      expect(catcher.to('gone@nowhere.example')).toEqual([]);
    });

    it('when the server cannot be reached, then the message waits and is tried again later, up to its last try', async () => {
      const unreachable = settings({ transport: smtpTransport('smtp://127.0.0.1:9') });
      // A database of its own, with no game server's mail job beside this one.
      const isolated = await backend.open();
      try {
        const sql = isolated.sql;
        await queue(sql, [notice('later@players.example', 'Retry me')], now);
        expect(await sendDueMail({ sql, clock, log: quiet }, unreachable)).toBe(0);
        const [first] = await sql`select status, attempts, next_attempt_at, last_error from mail_messages`;
        expect(first).toMatchObject({ status: 'queued', attempts: 1, next_attempt_at: new Date(now.getTime() + 60_000) });
        expect(first.last_error).toMatch(/ECONNREFUSED/);
        // Not before its time; then each try waits longer, and after the sixth it is given up.
        expect(await sendDueMail({ sql, clock, log: quiet }, unreachable)).toBe(0);
        expect((await sql`select attempts from mail_messages`)[0].attempts).toBe(1);
        for (let attempt = 2; attempt <= 7; attempt++) {
          const later = new Date(now.getTime() + attempt * 24 * 3_600_000);
          await sendDueMail({ sql, clock: () => later, log: quiet }, unreachable);
        }
        const [last] = await sql`select status, attempts from mail_messages`;
        expect(last).toEqual({ status: 'failed', attempts: 6 });
      } finally {
        await isolated.close();
      }
    });

    it('when one address has had its hour’s share, then the next message waits for the next hour', async () => {
      const to = 'busy@players.example';
      await queue(
        game.database.sql,
        [1, 2, 3, 4, 5].map((n) => notice(to, `Message ${n}`)),
        now,
      );
      await catcher.waitFor(to, 3);
      await expect
        .poll(
          async () =>
            (
              await game.database
                .sql`select count(*)::int as n from mail_messages where to_address = ${to} and status = 'queued' and next_attempt_at > ${new Date(now.getTime() + 3_599_000)}`
            )[0].n,
          { timeout: 20_000 },
        )
        .toBe(2);
      expect(catcher.to(to)).toHaveLength(3);
      now = new Date(now.getTime() + 3_601_000);
      await catcher.waitFor(to, 5);
      expect(
        catcher
          .to(to)
          .map((mail) => mail.subject)
          .sort(),
      ).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    });

    it('when two processes send at once, then each message goes exactly once', async () => {
      const to = (n: number) => `twice-${n}@players.example`;
      await queue(
        game.database.sql,
        Array.from({ length: 12 }, (_, n) => notice(to(n), `Once ${n}`)),
        now,
      );
      await Promise.all([
        sendDueMail({ sql: game.database.sql, clock, log: quiet }, settings()),
        sendDueMail({ sql: game.database.sql, clock, log: quiet }, settings()),
      ]);
      for (let n = 0; n < 12; n++) await catcher.waitFor(to(n));
      // The wait is the rule under test, "exactly once": two more rounds of the game's own mail job
      // (every second under test) go by and send nothing again.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      for (let n = 0; n < 12; n++) expect(catcher.to(to(n))).toHaveLength(1);
    });

    it('when a process died mid-send, then its message is marked lost and never sent again', async () => {
      await queue(game.database.sql, [notice('inflight@players.example', 'In flight')], now);
      // What a killed process leaves: a claim whose lease has run out.
      await game.database.sql`
        update mail_messages set status = 'sending', attempts = 1, lease_until = ${new Date(now.getTime() - 1000)}
         where to_address = 'inflight@players.example'`;
      await sendDueMail({ sql: game.database.sql, clock, log: quiet }, settings());
      expect(await statuses(game.database.sql, 'inflight@players.example')).toEqual(['lost']);
      expect(catcher.to('inflight@players.example')).toEqual([]);
    });
  });

  describe(`[§11 mail] a restart and the folder, on ${backend.name}`, () => {
    it('when the game restarts while it is sending, then every message arrives exactly once', async () => {
      const slow = await startMailCatcher({ delayMs: 150 });
      const database = await backend.open();
      const start = () => startTestServer(backend, { database, env: { SMTP_URL: slow.url } });
      try {
        const first = await start();
        const to = (n: number) => `restart-${n}@players.example`;
        await queue(
          database.sql,
          Array.from({ length: 40 }, (_, n) => notice(to(n), `Restart ${n}`)),
          new Date(),
        );
        await slow.waitFor(to(0));
        await first.stop();
        const sentBefore = slow.mails.length;
        expect(sentBefore).toBeLessThan(40);
        const second = await start();
        try {
          for (let n = 0; n < 40; n++) await slow.waitFor(to(n), 1, 30_000);
          // The wait is the rule under test, "exactly once": the restarted job's later rounds send nothing again.
          await new Promise((resolve) => setTimeout(resolve, 2500));
          for (let n = 0; n < 40; n++) expect(slow.to(to(n))).toHaveLength(1);
          const [sent] = await database.sql`select count(*)::int as n from mail_messages where status = 'sent'`;
          expect(sent.n).toBe(40);
        } finally {
          await second.stop();
        }
      } finally {
        await database.close();
        await slow.stop();
      }
    });

    it('when no SMTP_URL is set, then each message is written to a file under DATA_DIR and its path logged, never dropped', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'wanakt-mail-'));
      const lines: string[] = [];
      const log = { ...createLogger('error'), info: (line: string) => lines.push(line) };
      const game = await startTestServer(backend, { env: { DATA_DIR: dataDir }, log });
      try {
        await queue(game.database.sql, [notice('nobody-yet@players.example', 'Kept on disk')], new Date());
        await expect.poll(() => readdir(join(dataDir, 'mail')).catch(() => []), { timeout: 20_000 }).toHaveLength(1);
        const [file] = await readdir(join(dataDir, 'mail'));
        const message = await readFile(join(dataDir, 'mail', file), 'utf8');
        expect(message).toContain('To: nobody-yet@players.example');
        expect(message).toContain('Subject: Kept on disk');
        expect(lines).toContain(`Mail to nobody-yet@players.example ("Kept on disk") written to ${join(dataDir, 'mail', file)}`);
        expect(lines.some((line) => line.includes(`SMTP_URL is not set: mail is written to ${join(dataDir, 'mail')}`))).toBe(true);
      } finally {
        await game.stop();
      }
    });
  });
}
