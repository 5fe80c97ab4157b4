import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Each header as sent (unfolded), by its lower-case name. */
  headers: Map<string, string>;
  /** The links of the HTML part, in order. */
  links: string[];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** Resolves with the messages to `to` once there are `count` of them (or throws after `timeoutMs`). */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  to(address: string): CaughtMail[];
  stop(): Promise<void>;
}

export interface CatcherOptions {
  /** Addresses this server refuses for good (550), as a mailbox that does not exist. */
  refuse?: readonly string[];
  /** Waits this long before accepting each message: a slow server, for tests that stop a sender mid-run. */
  delayMs?: number;
}

/** A real SMTP server in this process (smtp-server), keeping every message it accepts (parsed by mailparser). */
export async function startMailCatcher(options: CatcherOptions = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (parsed) => {
          // The wait is the fault a test asks for: a slow mail server, delayMs per message.
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          for (const recipient of session.envelope.rcptTo)
            mails.push({
              to: recipient.address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html,
              headers: new Map(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n\s+/g, ' ')
                    .trim(),
                ]),
              ),
              links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')),
            });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => mails.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, count = 1, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`${to(address).length} of ${count} messages to ${address} arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
