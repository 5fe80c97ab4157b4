import { randomUUID } from 'node:crypto';
import { COMMAND_RETRY_PAUSES_MS, IDEMPOTENCY_KEY_HEADER } from '../../schema/api/idempotency.ts';

/**
 * Sends a command as the game's client does (client/api.ts): one Idempotency-Key for all its tries,
 * and a 503 (not applied: docs/write-path.md "Idempotent commands") tried again after each of
 * COMMAND_RETRY_PAUSES_MS. Answers the last answer and how many tries were sent again.
 */
export async function sendWithClientRetries<T extends { status: number }>(
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<{ answer: T; retried: number }> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
  for (let attempt = 0; ; attempt++) {
    const answer = await send(headers);
    if (answer.status !== 503 || attempt >= COMMAND_RETRY_PAUSES_MS.length) return { answer, retried: attempt };
    // The wait is the client's own pause before it tries the command again.
    await new Promise((resolve) => setTimeout(resolve, COMMAND_RETRY_PAUSES_MS[attempt]));
  }
}
