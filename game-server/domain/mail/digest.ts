import type { DigestFrequency } from '../../../schema/api/mail.ts';
import { digestWindow } from '../../../schema/rules/digest.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { awaySummary } from '../away/summary.ts';
import type { Work } from '../service-deps.ts';
import { queueMail } from './queue.ts';

// docs/rules.md §11 "Mail": the digest is the away panel's summary (domain/away/summary.ts), mailed
// to a player who was not there, about what happened since its last digest or its last visit.

/** The players who chose this digest and have a confirmed address: whom the digest job looks at. */
export async function digestReaders(sql: Queryable, frequency: Exclude<DigestFrequency, 'off'>): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from users where digest = ${frequency} and email_verified_at is not null and not is_wanakt order by id`;
  return rows.map((row) => row.id);
}

/**
 * Queues one player's digest, if it is away and something happened to it, and marks it sent so the
 * next covers only what follows. The summary and the mark are read and written in one transaction.
 * Answers whether a digest was queued.
 */
export async function queueDigest({ tx, now }: Work, userId: string, frequency: Exclude<DigestFrequency, 'off'>): Promise<boolean> {
  const [player] = await tx<
    { username: string; email: string; digest_sent_at: Date | null; last_seen_at: Date | null; created_at: Date }[]
  >`
    select u.username, u.email, u.digest_sent_at, p.last_seen_at, u.created_at
      from users u left join player_presence p on p.user_id = u.id
     where u.id = ${userId} and u.digest = ${frequency} and u.email_verified_at is not null
       for no key update of u`;
  if (!player) return false;
  const window = digestWindow({ digestSentAt: player.digest_sent_at, lastSeenAt: player.last_seen_at, createdAt: player.created_at }, now);
  if (!window) return false;
  const summary = await awaySummary(tx, userId, window.from, window.to);
  if (summary.lines.length === 0) return false;
  await tx`update users set digest_sent_at = ${now} where id = ${userId}`;
  const queued = await queueMail(
    tx,
    [
      {
        kind: 'digest',
        to: player.email,
        userId,
        stopKind: 'digest',
        onceKey: `digest:${userId}:${now.toISOString()}`,
        data: {
          username: player.username,
          since: summary.from,
          until: summary.to,
          lines: summary.lines.map((line) => ({ text: line.text, link: line.link })),
          net: summary.net,
          rank: { then: summary.rank.then, now: summary.rank.now },
        },
      },
    ],
    now,
  );
  return queued > 0;
}
