import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type CreatedApiKeyDto } from '../../../../schema/api/api-keys.ts';
import { testBackends } from '../../../testing/databases.ts';
import { sendAs, type Identity } from '../../../testing/document-client.ts';
import { arbitraryRequest, documentOperations } from '../../../testing/openapi-requests.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// A property-based fuzz over the published document: requests generated from it (four in five
// valid by it, the rest junk), sent by every identity, must never answer 500 nor anything the
// document does not describe. FUZZ_RUNS raises the runs per operation and identity (default 4).
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

/** Operations the fuzz leaves to the contract test, each with why. */
const NOT_FUZZED: Record<string, string> = {
  // It ends the very session the next requests are sent with.
  'POST /api/auth/logout': 'ends the identity under test',
  // A generated id may be the fuzz's own key, and the key identity would end there.
  'DELETE /api/api-keys/{id}': 'may revoke the identity under test',
};

const [embedded] = testBackends();

describe('[fuzz] generated requests from every identity stay inside the document', () => {
  let game: TestServer;
  const identities: Identity[] = [{ name: 'visitor' }];

  beforeAll(async () => {
    game = await startTestServer(embedded!);
    const player = await game.demo();
    const wanakt = await game.wanakt();
    const key = (await player.post<CreatedApiKeyDto>('/api/api-keys', { name: 'fuzz', scopes: [...API_KEY_SCOPES] })).body.key;
    identities.push(
      { name: 'player', cookie: player.cookieHeader },
      { name: 'wanakt', cookie: wanakt.cookieHeader },
      { name: 'api key', key },
    );
  });
  afterAll(() => game.stop());

  const operations = documentOperations().filter((operation) => !(`${operation.method} ${operation.path}` in NOT_FUZZED));
  for (const name of ['visitor', 'player', 'wanakt', 'api key'] as const) {
    it(
      `when every operation is sent generated requests by ${name === 'wanakt' ? 'the Wanakt' : `a ${name}`}, then none answers 500 or outside the document`,
      async () => {
        const identity = identities.find((candidate) => candidate.name === name)!;
        const statuses = new Map<number, number>();
        let sent = 0;
        const started = performance.now();
        for (const operation of operations) {
          await fc.assert(
            fc.asyncProperty(arbitraryRequest(operation), async (request) => {
              const answer = await sendAs(game.server.url, identity, request);
              sent++;
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              expect(answer.status, `${name}: ${request.method} ${request.path} ${JSON.stringify(request.body)?.slice(0, 300)}`).not.toBe(
                500,
              );
              expect(answer.outside, `${name}: ${request.method} ${request.path}`).toBeNull();
            }),
            { numRuns: RUNS },
          );
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `fuzz as ${name}: ${operations.length} operations × ${RUNS} runs = ${sent} requests in ${seconds} s, 0 failures; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
        );
        expect(sent).toBe(operations.length * RUNS);
      },
      // A request takes a few milliseconds; the margin is for a machine shared with other test files.
      RUNS * 30_000,
    );
  }
});
