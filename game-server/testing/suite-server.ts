import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkInvariants } from '../domain/economy/supply.ts';
import type { TestBackend } from './databases.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * One test server for the describe block that calls this: started before its tests, stopped after
 * them, and after each test the economy's invariants (game-server/domain/economy/supply.ts) must still
 * hold, so no test can leave money made or lost behind it. Returns the server, once started.
 */
export function suiteServerKeptInBalance(backend: TestBackend | null): () => TestServer {
  let game: TestServer | undefined;
  beforeAll(async () => {
    game = await startTestServer(backend!);
  });
  afterAll(() => game?.stop());
  afterEach(async () => {
    expect((await checkInvariants(game!.database.sql)).problems).toEqual([]);
  });
  return () => game!;
}
