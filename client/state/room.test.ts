import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { waitFor } from '../../game-server/testing/test-clients.ts';
import { testBackends } from '../../game-server/testing/databases.ts';
import { signedInPlayer } from '../../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../../game-server/testing/test-server.ts';
import { connectWorld, disconnectWorld, watchChat } from './room.ts';
import { useSession } from './session.ts';
import { useWorld } from './world.ts';

// The store the map and the HUD read, fed by the real room over a real socket.
describe('[client wiring] the world store follows the live room', () => {
  let game: TestServer;

  beforeAll(async () => {
    game = await startTestServer(testBackends()[0]);
  });
  afterAll(async () => {
    await disconnectWorld();
    await game.stop();
  });

  it('when a player buys over REST, then the store shows the new owner and the buyer sees its new balance, with no reload; chat of the watched territory arrives', async () => {
    const buyer = await signedInPlayer(game, { balance: 9_000, username: 'store-buyer' });
    useSession.getState().setAccount({ id: buyer.id, username: 'store-buyer', drk_balance: '9000', is_wanakt: false, trade_hold: null });
    useWorld.getState().setTerritories((await game.agent().get<TerritoryDto[]>('/api/territories')).body);
    connectWorld({ endpoint: game.server.url, headers: { cookie: buyer.agent.cookieHeader } });

    await waitFor(() => useWorld.getState().connection === 'live', 'the live connection');
    await waitFor(() => useWorld.getState().paymentsDue === 0, 'the private figures');
    expect(useWorld.getState()).toMatchObject({ online: 1, paymentsDue: 0 });

    const target = useWorld
      .getState()
      .territories.find((territory) => territory.owner_id === null && territory.sale_price !== null && territory.sale_price <= 9_000)!;
    const heard: ChatMessageDto[] = [];
    const stopWatching = watchChat(target.id, (message) => heard.push(message));
    // chat.watch is not acknowledged: the wait lets the watch land before the purchase it should hear.
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect((await buyer.agent.post(`/api/territories/${target.id}/purchase`, {})).status).toBe(200);
    const bought = await waitFor(
      () => useWorld.getState().territories.find((t) => t.id === target.id && t.owner_id === buyer.id),
      'the new owner in the store',
    );
    expect(bought).toMatchObject({
      owner_name: 'store-buyer',
      sale_price: null,
      description: target.description,
      monthly_revenue: target.monthly_revenue,
    });
    const balance = 9_000 - target.sale_price!;
    await waitFor(() => useSession.getState().account?.drk_balance === String(balance), 'the new balance in the top bar');

    expect((await buyer.agent.post('/api/chat', { territory_id: target.id, message: 'Mine now' })).status).toBe(201);
    await waitFor(() => heard.length === 1, 'the chat message');
    expect(heard[0]).toMatchObject({ territory_id: target.id, message: 'Mine now', username: 'store-buyer' });
    stopWatching();
  });
});
