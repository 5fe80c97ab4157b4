import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_IN_ADDRESS_MESSAGE, CONTROL_IN_BODY_MESSAGE } from '../../../schema/rules/control-characters.ts';
import { checkInvariants } from '../../domain/economy/supply.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { CONTROL_CHARACTER_PROBES, documentOperations, probeRequests } from '../../testing/openapi-requests.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Once seen: a NUL gave 500 on 17 operations (PostgreSQL 22021 / 22P05) and control characters were
// stored in API key names. Every operation of the published OpenAPI document is probed in every path
// parameter, query parameter and string field of its body, as the Wanakt (who may call the most),
// so a new operation is covered by being documented.
const postgres = postgresBackendIfReachable();

describe.runIf(postgres)('control characters in any text a client sends: 400 with a message, never 500', () => {
  let game: TestServer;
  let wanakt: TestAgent;
  beforeAll(async () => {
    game = await startTestServer(postgres!);
    wanakt = await game.wanakt();
  });
  afterAll(() => game?.stop());

  it('when every documented operation gets NUL, BEL, ESC, DEL or NEL in each of its text inputs, then each answers 400 and nothing is stored', async () => {
    const operations = documentOperations();
    const requests = operations.flatMap((operation) => probeRequests(operation, CONTROL_CHARACTER_PROBES));
    // Events a request caused, by their trace: the clockwork's (the banner's rotation) carry none.
    const causedByRequests = async () =>
      (await game.database.sql<{ n: number }[]>`select count(*)::int as n from outbox where trace_id is not null`)[0]!;
    const before = await causedByRequests();
    const answers: { status: number; message: unknown; operation: string; what: string }[] = [];
    // A few at a time: the answers come before any route's work, but the machine is shared.
    for (let i = 0; i < requests.length; i += 20) {
      answers.push(
        ...(await Promise.all(
          requests.slice(i, i + 20).map(async (request) => {
            const response = await fetch(`${game.server.url}${request.path}`, {
              method: request.method,
              headers: {
                cookie: wanakt.cookieHeader,
                origin: game.server.url,
                'x-forwarded-for': wanakt.address,
                ...(request.body !== undefined && { 'content-type': 'application/json' }),
              },
              body: request.body === undefined || request.method === 'GET' ? undefined : JSON.stringify(request.body),
            });
            const body = await response.json().catch(() => null);
            return {
              status: response.status,
              message: body?.message,
              operation: request.operation,
              what: `${request.operation} (${request.what})`,
            };
          }),
        )),
      );
    }
    const after = await causedByRequests();
    const wrong = answers.filter(
      (answer) => answer.status !== 400 || ![CONTROL_IN_ADDRESS_MESSAGE, CONTROL_IN_BODY_MESSAGE].includes(answer.message as string),
    );
    const probed = new Set(answers.map((answer) => answer.operation)).size;
    console.log(
      `${requests.length} probes over ${operations.length} operations (${probed} with text inputs): ${answers.filter((a) => a.status === 400).length} × 400, ${answers.filter((a) => a.status >= 500).length} × 5xx; events written ${after.n - before.n}`,
    );
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(after.n - before.n).toBe(0);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  }, 300_000);

  it('when text carries line breaks and tabs, then a description keeps them; a key name refuses them', async () => {
    const demo = await game.demo();
    const [owned] = await game.database.sql<
      { id: number }[]
    >`select id from territories where owner_id = 'sample-user' order by id limit 1`;
    const [free] = owned
      ? [owned]
      : await game.database.sql<
          { id: number }[]
        >`select id from territories where owner_id is null and sale_price <= 5000 order by id limit 1`;
    if (!owned) expect((await demo.post(`/api/territories/${free.id}/purchase`, {})).status).toBe(200);
    const described = await demo.request('PATCH', `/api/territories/${free.id}/description`, { description: 'Two lines:\nand\ta tab.' });
    expect(described.status).toBe(200);
    const key = await demo.post('/api/api-keys', { name: 'line\nbreak', scopes: ['read'] });
    expect(key).toMatchObject({ status: 400, body: { message: 'A key name is one line without control characters' } });
  });
});
