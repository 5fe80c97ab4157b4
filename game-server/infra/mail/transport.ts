import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { ownerOnlyFolder, writeOwnerOnly } from '../owner-only.ts';

/** One rendered message, ready for the wire. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Fixed per queued row, so a message can be traced from the queue to the recipient's server. */
  messageId: string;
}

/** Why a message did not go: `permanent` when the server refused it for good (a 5xx answer). */
export class MailRefusedError extends Error {
  readonly permanent: boolean;

  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
    this.name = 'MailRefusedError';
  }
}

export interface MailTransport {
  /** What the start-up log says about where mail goes. */
  readonly description: string;
  /** Hands the message over; throws MailRefusedError when it was not accepted. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// A server that takes longer than this to answer is treated as a failed try, retried later; well
// inside the sender's lease, so a slow server never makes a row look abandoned.
const SMTP_TIMEOUT_MS = 20_000;

/** nodemailer's errors carry the server's reply code: 5xx refuses for good, anything else may pass later. */
function refusal(error: unknown): MailRefusedError {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new MailRefusedError(`${responseCode ? `${responseCode} ` : ''}${message ?? String(error)}`.slice(0, 500), permanent);
}

/** SMTP_URL's server, through one pooled nodemailer transport. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const shown = new URL(url);
  return {
    description: `Mail is sent through ${shown.protocol}//${shown.host}`,
    async send(mail) {
      try {
        await transporter.sendMail(mail);
      } catch (error) {
        throw refusal(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL: each message, as it would have gone on the wire, is written to a file in `dir`
 * and its path logged, so an operator can read what the game would have sent and nothing is dropped.
 */
export function folderTransport(dir: string, log: Logger): MailTransport {
  const folder = resolve(dir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `SMTP_URL is not set: mail is written to ${folder}`,
    async send(mail) {
      const built = await builder.sendMail(mail);
      // Each file holds live confirmation and receipt links: for the operator's eyes only.
      await ownerOnlyFolder(folder);
      const path = join(folder, `${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`);
      await writeOwnerOnly(path, built.message as Buffer);
      log.info(`Mail to ${mail.to} ("${mail.subject}") written to ${path}`);
    },
    close: () => builder.close(),
  };
}
