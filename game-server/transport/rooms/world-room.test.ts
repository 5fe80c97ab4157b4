import { CloseCode } from '@colyseus/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coordinatesOf } from '../../../schema/rules/territory.ts';
import { MAX_CLIENT_MESSAGE_BYTES } from '../../../schema/state/messages.ts';
import type { Sql } from '../../infra/db/database.ts';
import { checkInvariants } from '../../domain/economy/supply.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { joinWorld, received, receivedBytes, waitFor, type WorldJoin } from '../../testing/test-clients.ts';

// The figures travel in a message, which Colyseus packs with MessagePack: these balances are uint32s.
const numberOnWire = (value: number) => {
  const bytes = new Uint8Array(5);
  bytes[0] = 0xce;
  new DataView(bytes.buffer).setUint32(1, value);
  return bytes;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of testBackends()) {
  describe(`the live world room on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let joined: WorldJoin[] = [];

    const join = async (agent?: TestAgent, origin?: string) => {
      const world = await joinWorld(game.server.url, { cookie: agent?.cookieHeader, origin });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      return world;
    };
    const territoryOf = (world: WorldJoin, id: number) => world.room.state.territories.get(String(id));
    const forSale = async (maxPrice: number) =>
      (
        await sql<{ id: number; sale_price: number }[]>`
        select id, sale_price::int from territories where sale_price <= ${maxPrice} and owner_id is null order by id limit 1 offset ${joined.length}`
      )[0];

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when a player buys a territory over REST, then two connected clients see the new owner in a patch, without joining again', async () => {
      const buyer = await signedInPlayer(game, { balance: 20_000, username: 'live-buyer' });
      const watcher = await join();
      const other = await join(await game.demo());
      const territory = await forSale(20_000);
      const before = territoryOf(watcher, territory.id);
      expect(before).toMatchObject({ ownerId: '', forSale: true, price: territory.sale_price });

      const response = await buyer.agent.post(`/api/territories/${territory.id}/purchase`, {});
      expect(response.status).toBe(200);

      for (const world of [watcher, other]) {
        await waitFor(() => territoryOf(world, territory.id)?.ownerId === buyer.id, 'the new owner');
        expect(territoryOf(world, territory.id)).toMatchObject({ ownerName: 'live-buyer', forSale: false, price: 0 });
      }
      expect(territoryOf(watcher, territory.id)).toBe(before);
      expect(watcher.room.state.online).toBe(2);
    });

    it('[private figures] when players are connected, then each is sent its own balance and payments due, and no other client receives them on the wire', async () => {
      const rich = await signedInPlayer(game, { balance: 1_234_567 });
      const [due] = await sql<{ id: number }[]>`select id from territories where owner_id is null order by id limit 1`;
      await sql`
        insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date)
        values ('2026-H1', ${due.id}, ${rich.id}, 'wanakt-admin', 'rent', 111, now() + interval '12 days')`;
      const owner = await join(rich.agent);
      const player = await join(await game.demo());
      const visitor = await join();

      const figuresOf = (world: WorldJoin) => world.messages.filter((m) => m.type === 'figures').map((m) => m.payload);
      await waitFor(() => figuresOf(owner).length > 0 && figuresOf(player).length > 0, 'the own figures');
      expect(figuresOf(owner)).toEqual([{ balance: 1_234_567, paymentsDue: 1 }]);
      expect(figuresOf(player)).toEqual([expect.objectContaining({ paymentsDue: 0 })]);
      expect(figuresOf(visitor)).toEqual([]);
      expect(Object.keys(owner.room.state.toJSON())).not.toContain('accounts');

      // A purchase changes the rich player's balance after everyone has joined: the patch too stays private.
      const territory = await forSale(20_000);
      await rich.agent.post(`/api/territories/${territory.id}/purchase`, {});
      const after = 1_234_567 - territory.sale_price;
      await waitFor(() => figuresOf(owner).at(-1)?.balance === after, 'the new balance');
      expect(figuresOf(player)).toHaveLength(1);
      await waitFor(() => territoryOf(visitor, territory.id)?.ownerId === rich.id, 'the purchase on the other clients');
      // The wait is the rule under test: a player's figures reach no other socket, however late.
      await pause(150);

      for (const balance of [1_234_567, after]) {
        expect(receivedBytes(owner.room, numberOnWire(balance))).toBe(true);
        expect(receivedBytes(player.room, numberOnWire(balance))).toBe(false);
        expect(receivedBytes(visitor.room, numberOnWire(balance))).toBe(false);
      }
    });

    it("when the Wanakt drags a pin, then the other client sees it move, clamped to the map, and the drop is stored; a player's drag is refused", async () => {
      const wanakt = await join(await game.wanakt());
      const player = await join(await game.demo());
      const [{ id }] = await sql<{ id: number }[]>`select id from territories order by id limit 1`;
      const start = { ...territoryOf(player, id)! };

      wanakt.room.send('pin.drag', { territoryId: id, x: 500, y: 300 });
      await waitFor(() => territoryOf(player, id)!.latitude === 0 && territoryOf(player, id)!.longitude === 0, 'the pin at the centre');

      wanakt.room.send('pin.drag', { territoryId: id, x: 5000, y: -40 });
      const corner = coordinatesOf(980, 20);
      await waitFor(
        () => territoryOf(player, id)!.longitude === corner.longitude && territoryOf(player, id)!.latitude === corner.latitude,
        'the clamped pin',
      );

      for (let x = 100; x < 300; x += 10) wanakt.room.send('pin.drag', { territoryId: id, x, y: 100 });
      const last = coordinatesOf(290, 100);
      await waitFor(() => territoryOf(player, id)!.longitude === last.longitude, 'the last of a burst of drags');

      player.room.send('pin.drag', { territoryId: id, x: 700, y: 400 });
      await waitFor(() => player.messages.find((m) => m.type === 'refused'), 'the refusal');
      expect(player.messages).toContainEqual({
        type: 'refused',
        payload: { type: 'pin.drag', message: 'Only the Wanakt can move map pins' },
      });
      // The wait is the rule under test: a refused drag moves the pin on no client, however late.
      await pause(150);
      expect(territoryOf(wanakt, id)!.longitude).toBe(last.longitude);
      const [unmoved] = await sql<{ latitude: string }[]>`select latitude::text from territories where id = ${id}`;
      expect(Number(unmoved.latitude)).toBe(start.latitude);

      wanakt.room.send('pin.drop', { territoryId: id, x: 250, y: 150 });
      const dropped = coordinatesOf(250, 150);
      await waitFor(() => territoryOf(player, id)!.latitude === dropped.latitude, 'the dropped pin');
      expect(territoryOf(player, id)!.longitude).toBe(dropped.longitude);
      const stored = await waitFor(async () => {
        const [row] = await sql<
          { latitude: string; longitude: string }[]
        >`select latitude::text, longitude::text from territories where id = ${id}`;
        return Number(row.latitude) !== start.latitude && row;
      }, 'the stored position');
      expect(Number(stored.latitude)).toBeCloseTo(dropped.latitude, 6);
      expect(Number(stored.longitude)).toBeCloseTo(dropped.longitude, 6);
      expect((await game.agent().get(`/api/territories/${id}`)).body).toMatchObject({
        latitude: stored.latitude,
        longitude: stored.longitude,
      });
    });

    it('when clients watch territories, then a chat message reaches those watching its territory and no one else; a visitor may watch but not post', async () => {
      const [first, second] = await sql<{ id: number }[]>`select id from territories order by id limit 2`;
      const poster = await join(await game.demo());
      const watcher = await join();
      const elsewhere = await join(await game.wanakt());
      poster.room.send('chat.watch', { territoryId: first.id });
      watcher.room.send('chat.watch', { territoryId: first.id });
      elsewhere.room.send('chat.watch', { territoryId: second.id });
      await Promise.all([poster, watcher, elsewhere].map(({ room }) => received(room)));

      poster.room.send('chat.send', { territoryId: first.id, message: '  Hello over the socket  ' });
      const heard = await waitFor(() => watcher.messages.find((m) => m.type === 'chat'), 'the chat message');
      expect(heard.payload).toMatchObject({
        territory_id: first.id,
        user_id: 'sample-user',
        username: 'sample',
        message: 'Hello over the socket',
      });
      await waitFor(() => poster.messages.find((m) => m.type === 'chat'), 'the echo to the poster');

      const rest = await (await game.demo()).post('/api/chat', { territory_id: first.id, message: 'Hello over REST' });
      expect(rest.status).toBe(201);
      await waitFor(() => watcher.messages.filter((m) => m.type === 'chat').length === 2, 'the REST message');
      // The wait is the rule under test: a message reaches no socket watching another territory.
      await pause(150);
      expect(elsewhere.messages.filter((m) => m.type === 'chat')).toEqual([]);

      watcher.room.send('chat.send', { territoryId: first.id, message: 'I have no account' });
      await waitFor(() => watcher.messages.find((m) => m.type === 'refused'), 'the refusal');
      expect(watcher.messages.find((m) => m.type === 'refused')!.payload).toEqual({ type: 'chat.send', message: 'Please log in first' });
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from chat_messages where territory_id = ${first.id}`;
      expect(n).toBe(2);
    });

    it('when a client sends an unknown type, a wrong shape or an oversized message, then it is refused; when it floods, then it is cut off', async () => {
      const sender = await join(await game.demo());
      const bystander = await join();
      sender.room.send('territory.steal', { territoryId: 1 });
      sender.room.send('chat.watch', { territoryId: 1, extra: true });
      sender.room.send('chat.watch', 'not an object');
      await waitFor(() => sender.messages.filter((m) => m.type === 'refused').length === 3, 'three refusals');
      expect(sender.messages.filter((m) => m.type === 'refused').map((m) => m.payload.message)).toEqual([
        'Unknown message type',
        expect.stringMatching(/unrecognized key/i),
        'A message must be an object',
      ]);

      const closed = new Promise<number>((resolve) => sender.room.onLeave((code) => resolve(code)));
      sender.room.send('chat.send', { territoryId: 1, message: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) });
      expect(await closed).toBe(1009);

      const flooder = await join();
      const cut = new Promise<number>((resolve) => flooder.room.onLeave((code) => resolve(code)));
      for (let i = 0; i < 100; i++) flooder.room.send('chat.watch', { territoryId: 1 });
      expect(await cut).toBe(CloseCode.WITH_ERROR);
      await waitFor(() => bystander.room.state.online === 1, 'the online count without them');
      expect(bystander.room.connection.isOpen).toBe(true);
    });

    it('when a page reloads (its socket drops), then it comes back with its token to the same place: session, watch and figures', async () => {
      const player = await join(await game.demo());
      const bystander = await join();
      const [{ id }] = await sql<{ id: number }[]>`select id from territories order by id limit 1`;
      player.room.send('chat.watch', { territoryId: id });
      await received(player.room);
      const { sessionId, reconnectionToken } = player.room;
      player.room.reconnection.enabled = false;
      player.room.connection.close();
      // The wait is the rule under test: within the reconnection window the dropped seat is still counted.
      await pause(200);
      expect(bystander.room.state.online).toBe(2);

      const back = await player.client.reconnect(reconnectionToken);
      const messages: WorldJoin['messages'] = [];
      back.onMessage('*', (type, payload) => messages.push({ type: String(type), payload }));
      joined.push({ ...player, room: back, messages });
      expect(back.sessionId).toBe(sessionId);
      await waitFor(() => messages.find((m) => m.type === 'figures'), 'the figures after reconnecting');
      await (await game.wanakt()).post('/api/chat', { territory_id: id, message: 'Still watching?' });
      await waitFor(() => messages.find((m) => m.type === 'chat'), 'the chat of the watched territory');
      expect(bystander.room.state.online).toBe(2);
    });

    it('when the join comes from another site, then it is refused; from this site or without an Origin, it is accepted', async () => {
      await expect(joinWorld(game.server.url, { origin: 'http://evil.example' })).rejects.toThrow('Cross-site request refused');
      const host = new URL(game.server.url).host;
      await join(undefined, `http://${host}`);
      await join();
    });
  });
}
