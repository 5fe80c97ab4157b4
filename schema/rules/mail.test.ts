import { describe, expect, it } from 'vitest';
import { instantMailOf } from './mail.ts';
import { alliancePayout, chatMention, rentReceived, territoryBought, territoryChat, territorySold, rentPaid } from './notifications.ts';

const NONE = { sale: false, listing_bought: false, rent_above: null, mention: false, alliance: false, digest: 'weekly' } as const;

describe('[§11 mail] which notices are mailed at once', () => {
  it('mails each kind only to a player who switched it on', () => {
    expect(instantMailOf(territoryBought('p', 'Crail', 1300), NONE)).toBeNull();
    expect(instantMailOf(territoryBought('p', 'Crail', 1300), { ...NONE, sale: true })).toBe('sale');
    expect(instantMailOf(territorySold('p', 'Crail', 'bob', 1300), { ...NONE, listing_bought: true })).toBe('listing_bought');
    expect(instantMailOf(chatMention('p', 'bob', territoryChat({ id: 7, name: 'Crail' }), 'hello @p'), { ...NONE, mention: true })).toBe(
      'mention',
    );
    expect(instantMailOf(rentPaid('p', 'bob', 'Crail', 111), { ...NONE, sale: true, mention: true, rent_above: 0 })).toBeNull();
    expect(instantMailOf(alliancePayout('p', '[NC] Northern Crowns', 40), NONE)).toBeNull();
    expect(instantMailOf(alliancePayout('p', '[NC] Northern Crowns', 40), { ...NONE, alliance: true })).toBe('alliance');
  });

  it('mails rent only above the player’s threshold', () => {
    const rent = (amount: number) => rentReceived('p', 'bob', 'Crail', amount);
    expect(instantMailOf(rent(111), NONE)).toBeNull();
    expect(instantMailOf(rent(111), { ...NONE, rent_above: 110 })).toBe('rent_received');
    expect(instantMailOf(rent(110), { ...NONE, rent_above: 110 })).toBeNull();
    expect(instantMailOf(rent(1), { ...NONE, rent_above: 0 })).toBe('rent_received');
  });
});
