import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../testing/databases.ts';
import { sendAs, type Identity } from '../../../testing/document-client.ts';
import { boundaryRequests, documentExamples, documentOperations, type DocumentOperation } from '../../../testing/openapi-requests.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// The published document against the running server: every operation's own example is read
// (never 400), and every value one past a limit the document states is refused (400). The
// requests are built from the document alone (game-server/testing/openapi-requests.ts).

/** Operations whose example cannot be read by its shape alone, each with why. */
const NOT_BY_EXAMPLE: Record<string, string> = {
  // Its body is whatever the payment provider signs; without the signature header it is refused.
  'POST /api/payments/webhook': 'signed by the provider',
  // Its ids are those of a payment started a moment before: a document cannot know one.
  'POST /api/payments/sandbox/confirm': 'confirms a payment started first',
  // Which territories ads may target, and the day's price the total must equal, are the world's state, not the shape.
  'POST /api/ads/purchase': 'needs a targetable territory and the current price',
};

const key = (operation: DocumentOperation) => `${operation.method} ${operation.path}`;
const [embedded] = testBackends();

describe('[contract] the document and the server agree, on the embedded database', () => {
  let game: TestServer;
  const identities: Partial<Record<DocumentOperation['access'], Identity>> = {};

  beforeAll(async () => {
    game = await startTestServer(embedded!);
    const player = await game.demo();
    const wanakt = await game.wanakt();
    identities.public = { name: 'visitor' };
    identities.player = { name: 'player', cookie: player.cookieHeader };
    identities.wanakt = { name: 'wanakt', cookie: wanakt.cookieHeader };
  });
  afterAll(() => game.stop());

  const operations = documentOperations();
  // Logout would end the session the other operations are sent with: it is sent last, by a session of its own.
  const ordered = [
    ...operations.filter((operation) => operation.path !== '/api/auth/logout'),
    ...operations.filter((operation) => operation.path === '/api/auth/logout'),
  ];

  it("when every operation's own example is sent, then none is refused as bad input", async () => {
    const refused: string[] = [];
    let sent = 0;
    for (const operation of ordered.filter((operation) => !(key(operation) in NOT_BY_EXAMPLE))) {
      const identity =
        operation.path === '/api/auth/logout'
          ? { name: 'player' as const, cookie: (await game.demo()).cookieHeader }
          : identities[operation.access]!;
      for (const request of documentExamples(operation)) {
        const answer = await sendAs(game.server.url, identity, request);
        sent++;
        if (answer.status === 400)
          refused.push(`${request.method} ${request.path} ${JSON.stringify(request.body)}: ${JSON.stringify(answer.body)}`);
        expect(answer.outside, `${request.method} ${request.path}`).toBeNull();
        expect(answer.status, `${request.method} ${request.path}`).not.toBe(500);
      }
    }
    console.log(`contract: ${ordered.length} operations, ${sent} example requests, ${refused.length} refused as bad input`);
    expect(refused).toEqual([]);
  });

  it('when a value one past a limit the document states is sent, then it is refused with 400', async () => {
    const accepted: string[] = [];
    let sent = 0;
    let limited = 0;
    for (const operation of ordered.filter((operation) => operation.path !== '/api/auth/logout' && !(key(operation) in NOT_BY_EXAMPLE))) {
      for (const request of boundaryRequests(operation)) {
        const answer = await sendAs(game.server.url, identities[operation.access]!, request);
        sent++;
        expect(answer.outside, `${request.method} ${request.path}`).toBeNull();
        // A per-player budget may run out first: its 429 says nothing of the limit, so it is counted apart.
        if (answer.status === 429) limited++;
        else if (answer.status !== 400) accepted.push(`${request.method} ${request.path} (${request.what}): ${answer.status}`);
      }
    }
    console.log(
      `contract: ${sent} requests one past a documented limit, ${sent - limited - accepted.length} refused with 400, ${limited} met a rate limit first`,
    );
    expect(accepted).toEqual([]);
    expect(limited).toBeLessThan(sent / 10);
  });
});
