import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const START = Date.parse('2031-05-01T08:00:00Z');
const MINUTE = 60_000;

for (const backend of testBackends()) {
  describe(`[§4 while you were away] the presence calls and the season read on ${backend.name}`, () => {
    let game: TestServer;
    let now = START;
    beforeAll(async () => {
      // A pool no treasury holds: no season is announced, so the season read answers none.
      game = await startTestServer(backend, { clock: () => new Date(now), env: { SEASON_POOL: '21000000' } });
    }, 180_000);
    afterAll(() => game?.stop());

    it("when a player comes back by the game's clock, then a panel waits only after an hour away, and its dismissal is one call", async () => {
      const player = await signedInPlayer(game, { username: 'presence-p', now: new Date(START) });
      expect((await player.agent.post('/api/away/visit', {})).body).toEqual({ away: false });
      now += 59 * MINUTE;
      expect((await player.agent.post('/api/away/visit', {})).body).toEqual({ away: false });
      expect((await player.agent.get('/api/away')).body).toEqual({ away: null });

      now += 60 * MINUTE;
      expect((await player.agent.post('/api/away/visit', {})).body).toEqual({ away: true });
      const panel = await player.agent.get('/api/away');
      expect(panel.status).toBe(200);
      expect(panel.body.away).toMatchObject({
        from: new Date(START + 59 * MINUTE).toISOString(),
        to: new Date(now).toISOString(),
        net: 0,
        rank: { link: '/rankings' },
      });
      // A beat a minute later changes nothing: the panel still covers the same absence.
      now += MINUTE;
      expect((await player.agent.post('/api/away/visit', {})).body).toEqual({ away: true });
      expect((await player.agent.get('/api/away')).body.away.to).toBe(panel.body.away.to);

      expect((await player.agent.post('/api/away/dismiss', {})).body).toEqual({ away: null });
      expect((await player.agent.get('/api/away')).body).toEqual({ away: null });
    });

    it('when a visitor asks, then the panel is 401 and the season is public; the path budget answers 429 past 60 a minute', async () => {
      const visitor = game.agent();
      expect((await visitor.get('/api/away')).status).toBe(401);
      expect((await visitor.post('/api/away/visit', {})).status).toBe(401);
      const season = await visitor.get('/api/seasons/current');
      expect(season.status).toBe(200);
      expect(season.body).toEqual({ season: null, last: null });

      const busy = await signedInPlayer(game, { username: 'presence-busy', now: new Date(now) });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await busy.agent.post('/api/away/visit', {})).status);
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect((await busy.agent.get('/api/away')).status).toBe(429);
    });
  });
}
