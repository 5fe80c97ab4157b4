import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { testBackends } from '../../../testing/databases.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { activeEventMultiplier } from '../../../domain/world/special-events.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function territoryId(sql: Sql, key: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`select id from territories where seed_key = ${key}`;
  return row.id;
}

const names = (list: { name: string }[]) => list.map((event) => event.name);

for (const backend of testBackends()) {
  describe(`[§4 event] territory and special events on ${backend.name}`, () => {
    // The seed places its events around the moment it ran, which was just before this file started.
    const now = new Date();
    const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let player: TestAgent;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      wanakt = await game.wanakt();
      player = (await signedInPlayer(game, { now })).agent;
    });
    afterAll(() => game.stop());

    const specialEvent = (overrides: Record<string, unknown> = {}) => ({
      name: 'Merchant Moon',
      description: "Moonlit markets lift every territory's revenue.",
      icon: 'star',
      color: 'purple',
      bonus_multiplier: 1.4,
      event_type: 'revenue',
      start_date: later(-HOUR_MS),
      end_date: later(2 * DAY_MS),
      ...overrides,
    });

    it('when special events are read, then each carries its state and the active one the seconds to its end', async () => {
      const response = await game.agent().get('/api/events/special');
      expect(response.status).toBe(200);
      const byName = new Map(response.body.map((event: { name: string }) => [event.name, event]));
      expect(byName.get('Golden Harvest Festival')).toMatchObject({
        state: 'active',
        event_type: 'revenue',
        bonus_multiplier: 1.5,
        color: 'green',
        icon: 'trending-up',
        is_active: true,
      });
      const remaining = (byName.get('Golden Harvest Festival') as { seconds_remaining: number }).seconds_remaining;
      expect(remaining).toBeGreaterThan(5 * 86_400 - 3600);
      expect(remaining).toBeLessThanOrEqual(5 * 86_400);
      expect(byName.get("Builders' Week")).toMatchObject({ state: 'upcoming', seconds_remaining: null });
      expect(byName.get('Spring Trade Fair')).toMatchObject({ state: 'ended', seconds_remaining: null });
      const states = response.body.map((event: { state: string }) => event.state);
      expect(states.indexOf('ended')).toBeGreaterThan(states.lastIndexOf('upcoming'));
    });

    it('when active events are read, then the live territory events and the running special events are answered', async () => {
      const response = await game.agent().get('/api/events/active');
      expect(response.status).toBe(200);
      expect(names(response.body.territory_events)).toEqual(
        expect.arrayContaining(['Lantern Night on the Great Wall', 'Harbour Lights Parade']),
      );
      expect(response.body.territory_events.every((event: { is_live: boolean }) => event.is_live)).toBe(true);
      expect(response.body.territory_events[0]).toMatchObject({ territory_name: expect.any(String), scheduled_at: expect.any(String) });
      expect(names(response.body.special_events)).toEqual(['Golden Harvest Festival']);
    });

    it("when a territory's events are read, then the live ones come first, then the upcoming, and past ones are left out", async () => {
      const greatWall = await territoryId(sql, 'wonder:great-wall');
      await sql`
        insert into territory_events (territory_id, name, is_live, scheduled_at)
        values (${greatWall}, 'Dawn Walk', false, ${later(3 * HOUR_MS)}), (${greatWall}, ${"Yesterday's Tour"}, false, ${later(-DAY_MS)})`;
      const response = await game.agent().get(`/api/events/territory/${greatWall}`);
      expect(response.status).toBe(200);
      expect(names(response.body)).toEqual(['Lantern Night on the Great Wall', 'Dawn Walk']);
      expect(response.body[0]).toMatchObject({ is_live: true, territory_id: greatWall, territory_name: 'Great Wall' });
      expect(response.body[1]).toMatchObject({ is_live: false, scheduled_at: later(3 * HOUR_MS) });
      expect((await game.agent().get(`/api/events/territory/${await territoryId(sql, 'main:rome')}`)).body).toEqual([]);
    });

    it('when a territory id is unknown or malformed, then 404 or 400', async () => {
      expect(await game.agent().get('/api/events/territory/999999')).toMatchObject({
        status: 404,
        body: { message: 'Territory not found' },
      });
      for (const bad of ['0', '-1', 'abc', '1.5', 'NaN', '99999999999']) {
        expect((await game.agent().get(`/api/events/territory/${bad}`)).status, bad).toBe(400);
      }
    });

    it('when the Wanakt schedules, takes live, ends and deletes a territory event, then the reads follow each step', async () => {
      const rome = await territoryId(sql, 'main:rome');
      const created = await wanakt.post('/api/events/territory', {
        territory_id: rome,
        name: '  Festa di Roma  ',
        scheduled_at: later(2 * HOUR_MS),
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        territory_id: rome,
        territory_name: 'Rome',
        name: 'Festa di Roma',
        is_live: false,
        scheduled_at: later(2 * HOUR_MS),
      });
      const id = created.body.id;
      expect(names((await game.agent().get(`/api/events/territory/${rome}`)).body)).toEqual(['Festa di Roma']);

      const live = await wanakt.request('PATCH', `/api/events/territory/${id}`, { is_live: true, scheduled_at: later(-60_000) });
      expect(live).toMatchObject({ status: 200, body: { is_live: true, scheduled_at: later(-60_000) } });
      expect(names((await game.agent().get('/api/events/active')).body.territory_events)).toContain('Festa di Roma');

      const ended = await wanakt.request('PATCH', `/api/events/territory/${id}`, { is_live: false });
      expect(ended).toMatchObject({ status: 200, body: { is_live: false, name: 'Festa di Roma' } });
      expect(names((await game.agent().get('/api/events/active')).body.territory_events)).not.toContain('Festa di Roma');
      expect((await game.agent().get(`/api/events/territory/${rome}`)).body).toEqual([]);

      const renamed = await wanakt.request('PATCH', `/api/events/territory/${id}`, { name: 'Festa Grande', scheduled_at: later(DAY_MS) });
      expect(renamed.body).toMatchObject({ name: 'Festa Grande', is_live: false, scheduled_at: later(DAY_MS) });

      expect((await wanakt.request('DELETE', `/api/events/territory/${id}`)).status).toBe(204);
      expect(await wanakt.request('DELETE', `/api/events/territory/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'Event not found' },
      });
      expect(await wanakt.request('PATCH', `/api/events/territory/${id}`, { is_live: true })).toMatchObject({
        status: 404,
        body: { message: 'Event not found' },
      });
    });

    it('when a territory event is created or changed with bad input, then 400 with its message and nothing changes', async () => {
      const rome = await territoryId(sql, 'main:rome');
      const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from territory_events`)[0].n;
      const before = await count();
      const valid = { territory_id: rome, name: 'Parade', scheduled_at: later(HOUR_MS) };
      const cases: [unknown, string][] = [
        [{ ...valid, name: '   ' }, 'Event name is required'],
        [{ ...valid, name: undefined }, 'Event name is required'],
        [{ ...valid, name: 'n'.repeat(101) }, 'At most 100 characters'],
        [{ ...valid, name: 'n'.repeat(20_000) }, 'Text is too long'],
        [{ ...valid, scheduled_at: 'tomorrow' }, 'Scheduled time must be a date and time such as 2026-07-01T18:00:00Z'],
        [{ ...valid, scheduled_at: 1_700_000_000 }, 'Scheduled time must be a date and time such as 2026-07-01T18:00:00Z'],
        [{ ...valid, is_live: 'yes' }, 'is_live must be true or false'],
        [{ ...valid, territory_id: 'rome' }, 'Territory id must be a whole number'],
        [{ ...valid, territory_id: -1 }, 'Territory id must be a positive whole number'],
      ];
      for (const [body, message] of cases) {
        expect(await wanakt.post('/api/events/territory', body), message).toMatchObject({ status: 400, body: { message } });
      }
      expect(await wanakt.post('/api/events/territory', { ...valid, territory_id: 999_999 })).toMatchObject({
        status: 404,
        body: { message: 'Territory not found' },
      });
      const [seeded] = await sql<{ id: number }[]>`select id from territory_events where seed_key = 'petra-by-night'`;
      expect(await wanakt.request('PATCH', `/api/events/territory/${seeded.id}`, {})).toMatchObject({
        status: 400,
        body: { message: 'Nothing to change' },
      });
      expect(await wanakt.request('PATCH', `/api/events/territory/${seeded.id}`, { is_live: 1 })).toMatchObject({
        status: 400,
        body: { message: 'is_live must be true or false' },
      });
      expect((await wanakt.request('PATCH', '/api/events/territory/abc', { is_live: true })).status).toBe(400);
      expect((await wanakt.request('DELETE', '/api/events/territory/-4')).status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('when anyone but the Wanakt manages events, then 403, and without a session 401', async () => {
      const [seeded] = await sql<{ id: number }[]>`select id from territory_events where seed_key = 'petra-by-night'`;
      const [special] = await sql<{ id: number }[]>`select id from special_events where seed_key = 'builders-week'`;
      const calls: [string, string, unknown][] = [
        ['POST', '/api/events/territory', { territory_id: 1, name: 'Mine now', scheduled_at: later(HOUR_MS) }],
        ['PATCH', `/api/events/territory/${seeded.id}`, { is_live: true }],
        ['DELETE', `/api/events/territory/${seeded.id}`, undefined],
        ['POST', '/api/events/special', specialEvent()],
        ['PATCH', `/api/events/special/${special.id}`, { is_active: false }],
      ];
      for (const [method, path, body] of calls) {
        expect(await player.request(method, path, body), `${method} ${path}`).toMatchObject({
          status: 403,
          body: { message: 'Only the Wanakt can do that' },
        });
        expect((await game.agent().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      }
      const [after] = await sql`select is_live from territory_events where id = ${seeded.id}`;
      expect(after.is_live).toBe(false);
      const [stillActive] = await sql`select is_active from special_events where id = ${special.id}`;
      expect(stillActive.is_active).toBe(true);
    });

    it('when the Wanakt creates a special event, then it is stored, listed with its state and its bonus applies', async () => {
      const created = await wanakt.post(
        '/api/events/special',
        specialEvent({ name: 'Tax Holiday', event_type: 'rent_discount', bonus_multiplier: 1.3, color: 'blue', icon: 'gift' }),
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Tax Holiday',
        description: specialEvent().description,
        icon: 'gift',
        color: 'blue',
        bonus_multiplier: 1.3,
        event_type: 'rent_discount',
        start_date: later(-HOUR_MS),
        end_date: later(2 * DAY_MS),
        is_active: true,
        state: 'active',
        seconds_remaining: 2 * 86_400,
      });
      expect(await activeEventMultiplier(sql, 'rent_discount', now)).toBeCloseTo(1.3);
      expect(names((await game.agent().get('/api/events/active')).body.special_events)).toContain('Tax Holiday');

      const upcoming = await wanakt.post(
        '/api/events/special',
        specialEvent({ name: 'Later On', start_date: later(3 * DAY_MS), end_date: later(4 * DAY_MS) }),
      );
      expect(upcoming.body).toMatchObject({ state: 'upcoming', seconds_remaining: null });
    });

    it('when the Wanakt ends a special event or moves its end, then its state and its bonus follow', async () => {
      const seededDiscount = await activeEventMultiplier(sql, 'upgrade_discount', now);
      const created = await wanakt.post(
        '/api/events/special',
        specialEvent({ name: 'Mason Sale', event_type: 'upgrade_discount', bonus_multiplier: 1.25 }),
      );
      const path = `/api/events/special/${created.body.id}`;
      expect(await activeEventMultiplier(sql, 'upgrade_discount', now)).toBeCloseTo(1.25 * seededDiscount);

      const extended = await wanakt.request('PATCH', path, { end_date: later(3 * DAY_MS), bonus_multiplier: 1.5 });
      expect(extended).toMatchObject({ status: 200, body: { state: 'active', seconds_remaining: 3 * 86_400, bonus_multiplier: 1.5 } });

      const ended = await wanakt.request('PATCH', path, { is_active: false });
      expect(ended).toMatchObject({ status: 200, body: { is_active: false, state: 'ended', seconds_remaining: null } });
      expect(await activeEventMultiplier(sql, 'upgrade_discount', now)).toBeCloseTo(seededDiscount);
      expect(names((await game.agent().get('/api/events/active')).body.special_events)).not.toContain('Mason Sale');
      const listed = (await game.agent().get('/api/events/special')).body.find((event: { id: number }) => event.id === created.body.id);
      expect(listed).toMatchObject({ state: 'ended' });
    });

    it('when a special event is created or changed with bad input, then 400 with its message and nothing changes', async () => {
      const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from special_events`)[0].n;
      const before = await count();
      const cases: [unknown, string][] = [
        [specialEvent({ end_date: later(-2 * HOUR_MS) }), 'End date must be after start date'],
        [specialEvent({ start_date: later(-3 * HOUR_MS), end_date: later(-2 * HOUR_MS) }), 'End date must be in the future'],
        [specialEvent({ bonus_multiplier: 0.05 }), 'Bonus multiplier must be between 0.1 and 10'],
        [specialEvent({ bonus_multiplier: 11 }), 'Bonus multiplier must be between 0.1 and 10'],
        [specialEvent({ bonus_multiplier: '1.5' }), 'Bonus multiplier must be a number'],
        [specialEvent({ bonus_multiplier: null }), 'Bonus multiplier must be a number'],
        [specialEvent({ bonus_multiplier: 1e308 * 10 }), 'Bonus multiplier must be a number'],
        [specialEvent({ color: 'red' }), 'Color must be one of green, blue, yellow, purple'],
        [specialEvent({ icon: 'skull' }), 'Icon must be one of trending-up, zap, crown, gift, star, calendar'],
        [specialEvent({ event_type: 'xp_boost' }), 'Event type must be one of revenue, upgrade_discount, rent_discount'],
        [specialEvent({ name: '' }), 'Event name is required'],
        [specialEvent({ description: ' ' }), 'Event description is required'],
        [specialEvent({ description: 'd'.repeat(501) }), 'At most 500 characters'],
        [specialEvent({ start_date: '2026-13-45' }), 'Start date must be a date and time such as 2026-07-01T18:00:00Z'],
        [specialEvent({ end_date: "'; drop table special_events; --" }), 'End date must be a date and time such as 2026-07-01T18:00:00Z'],
      ];
      for (const [body, message] of cases) {
        expect(await wanakt.post('/api/events/special', body), message).toMatchObject({ status: 400, body: { message } });
      }
      const [seeded] = await sql<{ id: number }[]>`select id from special_events where seed_key = 'golden-harvest'`;
      const path = `/api/events/special/${seeded.id}`;
      expect(await wanakt.request('PATCH', path, { end_date: later(-3 * DAY_MS) })).toMatchObject({
        status: 400,
        body: { message: 'End date must be after start date' },
      });
      expect(await wanakt.request('PATCH', path, {})).toMatchObject({ status: 400, body: { message: 'Nothing to change' } });
      expect(await wanakt.request('PATCH', path, { is_active: 'no' })).toMatchObject({
        status: 400,
        body: { message: 'is_active must be true or false' },
      });
      expect(await wanakt.request('PATCH', path, { bonus_multiplier: -1 })).toMatchObject({ status: 400 });
      expect(await wanakt.request('PATCH', '/api/events/special/999999', { is_active: false })).toMatchObject({
        status: 404,
        body: { message: 'Event not found' },
      });
      expect((await wanakt.request('PATCH', '/api/events/special/0', { is_active: false })).status).toBe(400);
      expect(await count()).toBe(before);
      const [unchanged] = await sql`select is_active, bonus_multiplier::float8 as bonus from special_events where id = ${seeded.id}`;
      expect(unchanged).toEqual({ is_active: true, bonus: 1.5 });
    });
  });
}
