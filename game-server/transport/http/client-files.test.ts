import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../schema/routes.ts';
import { testBackends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const INDEX = '<!doctype html><title>Wanakt World</title><div id="root"></div>';

describe('the built client answers 404 for a page it does not have', () => {
  let game: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'wanakt-client-'));
    await writeFile(join(clientDir, 'index.html'), INDEX);
    await writeFile(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(clientDir, 'manifest.webmanifest'), '{"name":"Wanakt World"}');
    game = await startTestServer(testBackends()[0], { clientDir });
  });
  afterAll(async () => {
    await game?.stop();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${game.server.url}${path}`);

  it('when a route of the client is asked for, then its page comes with 200', async () => {
    for (const path of ['/', '/revenue', '/admin/create-city', '/settings/api-keys', '/players/Marco%20Polo', '/Rent/']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
    expect(Object.keys(ROUTES)).toContain('player');
  });

  it('when an unknown page is asked for, then the same page comes with 404 so the client shows its not-found page', async () => {
    for (const path of ['/no/such/page', '/revenue/extra', '/players', '/players/a/b', '/wonder']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('when the service worker and the manifest are asked for, then the worker is checked on every visit and the manifest has its type', async () => {
    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('when an unknown API call is made, then it still answers JSON 404', async () => {
    const response = await get('/api/no-such-call');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such API call: GET /no-such-call' });
  });
});
