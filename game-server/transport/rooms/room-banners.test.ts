import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { regionOf } from '../../../schema/rules/region.ts';
import type { ServerMessages } from '../../../schema/state/messages.ts';
import { bannerSlotOf, HOUSE_ADS } from '../../domain/ads/banner-rotation.ts';
import type { Sql } from '../../infra/db/database.ts';
import { runBannerRotation } from '../../jobs/banner-jobs.ts';
import { freshAddress, type TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

// docs/rules.md §9 "Advertising", with real Colyseus clients on a real server: an ad aimed at a
// territory reaches only the clients whose view (or, without one, whose land) is in its region,
// and only those count, once each per slot, written by the banner-impressions job.

const LONDON = { latitude: 51.5, longitude: -0.1 };
const TOKYO = { latitude: 35.7, longitude: 139.7 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of testBackends()) {
  describe(`[§9 banner targeting] the banner by region on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let joined: WorldJoin[] = [];

    // Each visitor from an address of its own: visitors of one address are one viewer.
    const join = async (agent?: TestAgent) => {
      const world = await joinWorld(game.server.url, {
        cookie: agent?.cookieHeader,
        'x-forwarded-for': agent ? undefined : freshAddress(),
      });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      return world;
    };
    const lastBanner = (world: WorldJoin) =>
      world.messages.filter((message) => message.type === 'banner').at(-1)?.payload as ServerMessages['banner'] | undefined;
    // The viewers counted: a run slower than the server's own 30-second rotation shows the ad in
    // a real slot as well, rightly counted again there (one impression per viewer and slot).
    const delivered = async (adId: number) =>
      (await sql<{ n: number }[]>`select count(distinct viewer)::int as n from ad_impressions where ad_id = ${adId}`)[0].n;

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
    });

    it('when an ad aimed at a European city rotates in, then only clients looking at Europe or living there get it, and only they are counted, once', async () => {
      const mains = await sql<{ id: number; name: string; latitude: number; longitude: number }[]>`
        select id, name, latitude::float8, longitude::float8 from territories where type = 'main' order by id`;
      const target = mains.find((main) => regionOf(main.latitude, main.longitude) === 'europe')!;
      const [ad] = await sql<{ id: number }[]>`
        insert into ads (title, content, click_url, territory_id, impressions_wanted, total_cost_cents, status)
        values ('Alpine Coffee Fresh Roasts Delivered Across Europe', 'Single-origin beans roasted in the Alps every morning.', 'https://coffee.example', ${target.id}, 1000, 8000, 'active')
        returning id`;
      // A player whose land is in Europe, another whose land is in Asia.
      const european = await signedInPlayer(game, { username: 'banner-european' });
      const asian = await signedInPlayer(game, { username: 'banner-asian' });
      const places = await sql<{ id: number; latitude: number; longitude: number }[]>`
        select id, latitude::float8, longitude::float8 from territories where owner_id is null and type in ('village', 'town') order by id`;
      const inEurope = places.find((place) => regionOf(place.latitude, place.longitude) === 'europe')!;
      const inAsia = places.find((place) => regionOf(place.latitude, place.longitude) === 'asia')!;
      await sql`update territories set owner_id = ${european.id} where id = ${inEurope.id}`;
      await sql`update territories set owner_id = ${asian.id} where id = ${inAsia.id}`;

      const visitorAddress = freshAddress();
      const lookingAtLondon = await joinWorld(game.server.url, { 'x-forwarded-for': visitorAddress });
      joined.push(lookingAtLondon);
      await waitFor(() => lookingAtLondon.room.state.territories?.size > 0, 'the first state');
      lookingAtLondon.room.send('view.at', { type: 'view.at', at: LONDON });
      const lookingAtTokyo = await join();
      lookingAtTokyo.room.send('view.at', { type: 'view.at', at: TOKYO });
      const wholeWorld = await join();
      const livesInEurope = await join(european.agent);
      const livesInAsia = await join(asian.agent);
      // The Asian player looks at London: the view wins over the home.
      const asianLookingAtLondon = await join(asian.agent);
      asianLookingAtLondon.room.send('view.at', { type: 'view.at', at: LONDON });
      await waitFor(
        () => lastBanner(lookingAtLondon)?.region === 'europe' && lastBanner(asianLookingAtLondon)?.region === 'europe',
        'the views to be taken',
      );

      const slot = bannerSlotOf(new Date(), 30) + 1000;
      const rotation = await runBannerRotation({ sql, clock: () => new Date() }, slot);
      expect(rotation.ad?.id).toBe(ad.id);
      const house = HOUSE_ADS[slot % HOUSE_ADS.length];
      const reached = [lookingAtLondon, livesInEurope, asianLookingAtLondon];
      const missed = [lookingAtTokyo, wholeWorld, livesInAsia];
      await waitFor(() => reached.every((world) => lastBanner(world)?.ad?.id === ad.id), 'the clients in Europe to be shown the ad');
      // The same event reached the other clients' room at the same moment; a house ad they already show is not sent again.
      // The wait is the rule under test: a house ad a client already shows is not sent again.
      await pause(500);
      expect(reached.map((world) => lastBanner(world)?.ad)).toEqual(
        reached.map(() =>
          expect.objectContaining({ id: ad.id, title: 'Alpine Coffee Fresh Roasts Delivered Across Europe', region: 'europe' }),
        ),
      );
      expect(missed.map((world) => lastBanner(world))).toEqual([
        { ad: expect.objectContaining({ id: house.id }), region: 'asia' },
        { ad: expect.objectContaining({ id: house.id }), region: null },
        { ad: expect.objectContaining({ id: house.id }), region: 'asia' },
      ]);
      // The ad never reached the missed clients at all, not even as a frame they did not show.
      for (const world of missed)
        expect(world.messages.some((message) => message.type === 'banner' && message.payload.ad?.id === ad.id)).toBe(false);

      // The banner-impressions job (every 5 s) writes the three showings, each under its viewer
      // (the visitor's address, the players); later runs add no one.
      let written = 0;
      await waitFor(async () => (written = await delivered(ad.id)) === 3, 'three impressions to be written', 30_000).catch(
        (error: Error) => {
          throw new Error(`${error.message} (${written} written)`);
        },
      );
      const viewers = await sql<{ viewer: string }[]>`select distinct viewer from ad_impressions where ad_id = ${ad.id} order by viewer`;
      expect(viewers.map((row) => row.viewer)).toEqual([`address:${visitorAddress}`, `player:${european.id}`, `player:${asian.id}`].sort());
      // The wait is the rule under test: a later run of the impressions job (every 5 s) adds nothing.
      await pause(6000);
      expect(await delivered(ad.id)).toBe(3);

      // Looking at London brings the ad to the Tokyo watcher, and one more impression.
      lookingAtTokyo.room.send('view.at', { type: 'view.at', at: LONDON });
      await waitFor(() => lastBanner(lookingAtTokyo)?.ad?.id === ad.id, 'the ad after the view moved');
      await waitFor(async () => (await delivered(ad.id)) === 4, 'the fourth impression', 15_000);
    }, 60_000);

    it('when a client sends a view outside the globe, then the room refuses it and keeps its banner', async () => {
      const world = await join();
      world.room.send('view.at', { type: 'view.at', at: { latitude: 91, longitude: 0 } });
      await waitFor(() => world.messages.some((message) => message.type === 'refused'), 'the refusal');
      expect(world.messages.find((message) => message.type === 'refused')?.payload).toEqual({
        type: 'view.at',
        message: 'latitude must be within ±90',
      });
    });
  });
}
