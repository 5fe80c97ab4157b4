import { describe, expect, it } from 'vitest';
import type { LiveTerritoryFields } from './territory-fields.ts';
import { activityOfBroadcast, activityOfTerritory, withActivity } from './activity.ts';

const at = new Date('2026-11-23T20:00:00Z');
const village: LiveTerritoryFields = {
  id: 7,
  name: 'Oakford',
  type: 'village',
  tier: 'village',
  ownerId: '',
  ownerName: '',
  latitude: 1,
  longitude: 2,
  forSale: true,
  price: 500,
  upgradeTier: 'standard',
  visits: 3,
};

describe('[activity feed] what a territory change means to someone watching the world', () => {
  it('when a territory gets a new owner, then it reads as acquired by that owner', () => {
    const after = { ...village, ownerId: 'u1', ownerName: 'ada', forSale: false, price: 0 };
    expect(activityOfTerritory(village, after, at)).toEqual({
      kind: 'acquired',
      at: '2026-11-23T20:00:00.000Z',
      actorName: 'ada',
      territoryId: 7,
      territoryName: 'Oakford',
      price: null,
      message: null,
    });
  });

  it('when an owner lists a territory or changes its price, then it reads as listed at that price; withdrawing it reads as nothing', () => {
    const owned = { ...village, ownerId: 'u1', ownerName: 'ada', forSale: false, price: 0 };
    expect(activityOfTerritory(owned, { ...owned, forSale: true, price: 900 }, at)).toMatchObject({
      kind: 'listed',
      actorName: 'ada',
      price: 900,
    });
    const listed = { ...owned, forSale: true, price: 900 };
    expect(activityOfTerritory(listed, { ...listed, price: 800 }, at)).toMatchObject({ kind: 'listed', price: 800 });
    expect(activityOfTerritory(listed, owned, at)).toBeNull();
  });

  it('when a territory is new, then it reads as settled; a pin move or a visit reads as nothing', () => {
    expect(activityOfTerritory(undefined, village, at)).toMatchObject({
      kind: 'settled',
      territoryName: 'Oakford',
      actorName: 'The Wanakt',
    });
    expect(activityOfTerritory(village, { ...village, latitude: 5, visits: 4 }, at)).toBeNull();
  });

  it('when a broadcast goes out, then it reads as its sender and message', () => {
    expect(activityOfBroadcast({ senderName: 'ada', message: 'Hello realm' }, at)).toMatchObject({
      kind: 'broadcast',
      actorName: 'ada',
      message: 'Hello realm',
    });
  });

  it('when items arrive, then the feed shows the newest first and keeps at most the limit', () => {
    const item = (message: string) => activityOfBroadcast({ senderName: 'ada', message }, at);
    const feed = withActivity([item('b'), item('a')], [item('c'), item('d')], 3);
    expect(feed.map((entry) => entry.message)).toEqual(['d', 'c', 'b']);
  });
});
