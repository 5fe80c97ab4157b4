import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/** An unowned collectible of the seed, by series slug and serial number. */
async function collectible(sql: Sql, key: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`select id from collectibles where seed_key = ${key}`;
  return row.id;
}

const collectibleLedgerRows = async (sql: Sql, id: number) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from ledger where reference = ${`collectible:${id}`}`)[0].n;

for (const backend of testBackends()) {
  describe(`[§3 collectible] the collectibles shop on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when the shop is read, then every unowned collectible is listed with type, rarity, serial number and price', async () => {
      const response = await game.agent().get('/api/collectibles/available');
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(32);
      expect(response.body[0]).toEqual({
        id: expect.any(Number),
        name: 'Oak Leaf Crest',
        description: expect.any(String),
        type: 'heraldry',
        rarity: 'common',
        serial_number: 1,
        price: 150,
        owner_id: null,
        is_active: false,
        label: 'Available',
        acquired_at: null,
      });
      const legendary = response.body.filter((item: { rarity: string }) => item.rarity === 'legendary');
      expect(legendary.map((item: { name: string; price: number }) => [item.name, item.price])).toEqual([
        ['Crown of the Wanax', 2500],
        ['Golden Dome of the Wanakt', 2500],
      ]);
    });

    it('when a player buys one, then the price goes to the treasury through the ledger and the serial number to the player', async () => {
      const buyer = await signedInPlayer(game, { balance: 1000 });
      const treasury = await balanceOf(sql, 'wanakt-admin');
      const id = await collectible(sql, 'palace_skin:sandstone-keep:2');
      const response = await buyer.agent.post(`/api/collectibles/${id}/purchase`, { userId: buyer.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        message: 'You bought Sandstone Keep #2 for 150 DRK',
        collectible: expect.objectContaining({
          id,
          owner_id: buyer.id,
          is_active: false,
          label: 'In Collection',
          acquired_at: expect.any(String),
        }),
      });
      expect(await balanceOf(sql, buyer.id)).toBe(850);
      expect(await balanceOf(sql, 'wanakt-admin')).toBe(treasury + 150);
      const [entry] = await sql`select reason, from_user_id, to_user_id, amount::int from ledger where reference = ${`collectible:${id}`}`;
      expect(entry).toEqual({ reason: 'collectible', from_user_id: buyer.id, to_user_id: 'wanakt-admin', amount: 150 });
      const available = (await game.agent().get('/api/collectibles/available')).body.map((item: { id: number }) => item.id);
      expect(available).not.toContain(id);
      const owned = await game.agent().get(`/api/collectibles/user/${buyer.id}`);
      expect(owned).toMatchObject({ status: 200, body: [{ id, name: 'Sandstone Keep', serial_number: 2, label: 'In Collection' }] });
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when a collectible is already owned, then buying it again answers 409 and no DRK moves', async () => {
      const owner = await signedInPlayer(game, { balance: 1000 });
      const rival = await signedInPlayer(game, { balance: 1000 });
      const id = await collectible(sql, 'heraldry:oak-leaf-crest:1');
      expect((await owner.agent.post(`/api/collectibles/${id}/purchase`, { userId: owner.id })).status).toBe(200);
      expect(await owner.agent.post(`/api/collectibles/${id}/purchase`, {})).toMatchObject({
        status: 409,
        body: { message: 'You already own this collectible' },
      });
      expect(await rival.agent.post(`/api/collectibles/${id}/purchase`)).toMatchObject({
        status: 409,
        body: { message: 'This collectible has already been sold' },
      });
      expect(await balanceOf(sql, owner.id)).toBe(850);
      expect(await balanceOf(sql, rival.id)).toBe(1000);
      expect(await collectibleLedgerRows(sql, id)).toBe(1);
    });

    it('when the balance does not cover the price, then 409 with the §5 message and nothing changes', async () => {
      const poor = await signedInPlayer(game, { balance: 100 });
      const id = await collectible(sql, 'palace_skin:golden-dome:1');
      expect(await poor.agent.post(`/api/collectibles/${id}/purchase`, { userId: poor.id })).toMatchObject({
        status: 409,
        body: { message: 'You need 2,500 DRK but only have 100 DRK' },
      });
      expect(await balanceOf(sql, poor.id)).toBe(100);
      const [row] = await sql`select owner_id from collectibles where id = ${id}`;
      expect(row.owner_id).toBeNull();
    });

    it('when nobody is logged in, then 401; when userId names someone else or the buyer is the treasury, then 403', async () => {
      const player = await signedInPlayer(game, { balance: 1000 });
      const id = await collectible(sql, 'palace_skin:ivy-manor:3');
      expect((await game.agent().post(`/api/collectibles/${id}/purchase`, { userId: player.id })).status).toBe(401);
      expect(await player.agent.post(`/api/collectibles/${id}/purchase`, { userId: 'sample-user' })).toMatchObject({
        status: 403,
        body: { message: 'You can only act for yourself' },
      });
      expect(await (await game.wanakt()).post(`/api/collectibles/${id}/purchase`)).toMatchObject({
        status: 403,
        body: { message: 'The treasury sells collectibles; it does not buy them' },
      });
      expect(await balanceOf(sql, player.id)).toBe(1000);
      expect(await collectibleLedgerRows(sql, id)).toBe(0);
    });

    it('when ids are unknown or malformed, or the body has wrong types, then 404 or 400 and nothing changes', async () => {
      const player = await signedInPlayer(game, { balance: 1000 });
      for (const action of ['purchase', 'apply', 'unapply']) {
        expect(await player.agent.post(`/api/collectibles/999999/${action}`)).toMatchObject({
          status: 404,
          body: { message: 'Collectible not found' },
        });
        for (const bad of ['0', '-2', 'abc', '1.5', 'NaN', '99999999999']) {
          expect((await player.agent.post(`/api/collectibles/${bad}/${action}`)).status, `${action} ${bad}`).toBe(400);
        }
      }
      const id = await collectible(sql, 'palace_skin:ivy-manor:4');
      expect(await player.agent.post(`/api/collectibles/${id}/purchase`, { userId: 5 })).toMatchObject({
        status: 400,
        body: { message: 'User id must be text' },
      });
      expect(await player.agent.post(`/api/collectibles/${id}/purchase`, { userId: 'u'.repeat(5000) })).toMatchObject({
        status: 400,
        body: { message: 'User id is too long' },
      });
      expect((await player.agent.post(`/api/collectibles/${id}/purchase`, '{"userId": ')).status).toBe(400);
      expect(await game.agent().get('/api/collectibles/user/no-such-user')).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      expect((await game.agent().get(`/api/collectibles/user/${'u'.repeat(300)}`)).status).toBe(400);
      expect(await balanceOf(sql, player.id)).toBe(1000);
    });

    it('when an owner applies collectibles, then one palace skin and one heraldry are applied at a time', async () => {
      const owner = await signedInPlayer(game, { balance: 2000 });
      const keep = await collectible(sql, 'palace_skin:sandstone-keep:4');
      const spires = await collectible(sql, 'palace_skin:azure-spires:1');
      const anchor = await collectible(sql, 'heraldry:silver-anchor:1');
      for (const id of [keep, spires, anchor]) expect((await owner.agent.post(`/api/collectibles/${id}/purchase`)).status).toBe(200);

      const applied = await owner.agent.post(`/api/collectibles/${keep}/apply`, { userId: owner.id });
      expect(applied).toMatchObject({
        status: 200,
        body: { message: 'Sandstone Keep #4 is applied', collectible: { id: keep, is_active: true, label: 'Applied' } },
      });
      expect((await owner.agent.post(`/api/collectibles/${anchor}/apply`)).status).toBe(200);
      expect((await owner.agent.post(`/api/collectibles/${spires}/apply`)).status).toBe(200);
      const labels = async () =>
        Object.fromEntries(
          (await game.agent().get(`/api/collectibles/user/${owner.id}`)).body.map((item: { id: number; label: string }) => [
            item.id,
            item.label,
          ]),
        );
      expect(await labels()).toEqual({ [keep]: 'In Collection', [spires]: 'Applied', [anchor]: 'Applied' });

      const off = await owner.agent.post(`/api/collectibles/${spires}/unapply`);
      expect(off).toMatchObject({
        status: 200,
        body: { message: 'Azure Spires #1 is back in your collection', collectible: { is_active: false, label: 'In Collection' } },
      });
      expect(await labels()).toEqual({ [keep]: 'In Collection', [spires]: 'In Collection', [anchor]: 'Applied' });
    });

    it('when someone applies a collectible it does not own, then 403; without a session 401', async () => {
      const owner = await signedInPlayer(game, { balance: 1000 });
      const other = await signedInPlayer(game, { balance: 1000 });
      const id = await collectible(sql, 'heraldry:silver-anchor:2');
      const unowned = await collectible(sql, 'heraldry:silver-anchor:3');
      expect((await owner.agent.post(`/api/collectibles/${id}/purchase`)).status).toBe(200);
      const refused = { status: 403, body: { message: 'You do not own this collectible' } };
      expect(await other.agent.post(`/api/collectibles/${id}/apply`)).toMatchObject(refused);
      expect(await other.agent.post(`/api/collectibles/${id}/unapply`)).toMatchObject(refused);
      expect(await other.agent.post(`/api/collectibles/${unowned}/apply`)).toMatchObject(refused);
      expect(await owner.agent.post(`/api/collectibles/${id}/apply`, { userId: other.id })).toMatchObject({ status: 403 });
      expect((await game.agent().post(`/api/collectibles/${id}/apply`)).status).toBe(401);
      const [row] = await sql`select is_active from collectibles where id = ${id}`;
      expect(row.is_active).toBe(false);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('[§3 collectible] buyers at once on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game.stop());

  it('when 10 players buy one collectible at once, then one owns it, 9 get 409 and keep their DRK', async () => {
    const sql = game.database.sql;
    const treasury = await balanceOf(sql, 'wanakt-admin');
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInPlayer(game, { balance: 1000 })));
    const id = await collectible(sql, 'palace_skin:obsidian-bastion:1');
    const answers = await Promise.all(buyers.map((buyer) => buyer.agent.post(`/api/collectibles/${id}/purchase`, { userId: buyer.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(9).fill('This collectible has already been sold'),
    );
    const winner = buyers[answers.findIndex((a) => a.status === 200)];
    const [row] = await sql`select owner_id from collectibles where id = ${id}`;
    expect(row.owner_id).toBe(winner.id);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(sql, buyer.id)));
    expect(balances.sort((a, b) => a - b)).toEqual([100, ...Array(9).fill(1000)]);
    expect(await balanceOf(sql, 'wanakt-admin')).toBe(treasury + 900);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });

  it('when an owner applies two palace skins at once, then exactly one ends up applied', async () => {
    const sql = game.database.sql;
    const owner = await signedInPlayer(game, { balance: 2000 });
    const ids = [
      await collectible(sql, 'palace_skin:sandstone-keep:1'),
      await collectible(sql, 'palace_skin:ivy-manor:1'),
      await collectible(sql, 'palace_skin:ivy-manor:2'),
    ];
    for (const id of ids) expect((await owner.agent.post(`/api/collectibles/${id}/purchase`)).status).toBe(200);
    const answers = await Promise.all(
      ids.flatMap((id) => [owner.agent.post(`/api/collectibles/${id}/apply`), owner.agent.post(`/api/collectibles/${id}/apply`)]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const [applied] = await sql<{ n: number }[]>`select count(*)::int as n from collectibles where owner_id = ${owner.id} and is_active`;
    expect(applied.n).toBe(1);
  });
});
