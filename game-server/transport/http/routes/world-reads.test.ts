import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

describe("[fast reads] the world's cached lists have a budget per address", () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(testBackends()[0], { env: { WORLD_READS_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await game?.stop();
  });

  it('when one address reads the lists past WORLD_READS_PER_MINUTE, then 429 with Retry-After, and its other calls still answer', async () => {
    const visitor = game.agent();
    for (const path of ['/api/territories', '/api/territories/for-sale', '/api/territories/hierarchy'])
      expect((await visitor.get(path)).status).toBe(200);
    const refused = await visitor.get('/api/territories');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many world reads from your address\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The budget is the world lists' alone: a single territory, an unknown path and a write are answered as ever.
    expect((await visitor.get('/api/territories/1')).status).toBe(200);
    expect((await visitor.get('/api/no-such-call')).status).toBe(404);
    expect((await visitor.post('/api/territories/1/purchase', {})).status).toBe(401);
  });
});
