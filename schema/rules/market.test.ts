import { describe, expect, it } from 'vitest';
import { decideAssignment, decideGift, decideListing, decidePurchase, decideUpgrade, type TerritoryFacts } from './market.ts';

const listed: TerritoryFacts = { name: 'Austin', type: 'city', ownerId: 'seller', salePrice: 1500 };
const TREASURY = 'wanakt-admin';

describe('[§5 purchase] decidePurchase', () => {
  it('when the territory is listed, then the buyer pays its asking price to the seller', () => {
    expect(decidePurchase(listed, { id: 'buyer' }, TREASURY)).toEqual({ ok: true, price: 1500, payeeId: 'seller' });
  });

  it('when nobody owns it, then the price goes to the treasury', () => {
    expect(decidePurchase({ ...listed, ownerId: null }, { id: 'buyer' }, TREASURY)).toEqual({ ok: true, price: 1500, payeeId: TREASURY });
  });

  it('when the buyer owns it, or it is not listed, then it is refused in docs/rules.md words', () => {
    expect(decidePurchase(listed, { id: 'seller' }, TREASURY)).toEqual({ ok: false, message: 'You already own Austin' });
    expect(decidePurchase({ ...listed, salePrice: null }, { id: 'buyer' }, TREASURY)).toEqual({
      ok: false,
      message: 'Austin is not for sale',
    });
  });

  it('when the price changed since the buyer looked, then it is refused rather than charged', () => {
    expect(decidePurchase(listed, { id: 'buyer' }, TREASURY, 1000)).toEqual({ ok: false, message: 'The price of Austin is now 1,500 DRK' });
    expect(decidePurchase(listed, { id: 'buyer' }, TREASURY, 1500).ok).toBe(true);
  });

  it('when the balance is known and short, then it is refused with the Insufficient Balance words', () => {
    expect(decidePurchase(listed, { id: 'buyer', balance: 1499 }, TREASURY)).toEqual({
      ok: false,
      message: 'You need 1,500 DRK but only have 1,499 DRK',
    });
    expect(decidePurchase(listed, { id: 'buyer', balance: 1500 }, TREASURY).ok).toBe(true);
  });
});

describe('[§5 listing] decideListing', () => {
  it('when a price is set, then the listing opens; when null, it closes', () => {
    expect(decideListing(listed, 900)).toEqual({ ok: true, message: 'Austin is for sale at 900 DRK' });
    expect(decideListing(listed, null)).toEqual({ ok: true, message: 'Austin is no longer for sale' });
  });

  it('when the territory belongs to the realm, then it cannot be listed but can be withdrawn', () => {
    const wonder: TerritoryFacts = { ...listed, name: 'Petra', type: 'wonder' };
    expect(decideListing(wonder, 900)).toEqual({ ok: false, message: 'Petra belongs to the realm and cannot change hands' });
    expect(decideListing(wonder, null).ok).toBe(true);
  });
});

describe('[§4 territory ownership] decideAssignment', () => {
  const recipient = { id: 'player', username: 'player1' };
  it('when the price is 0, then it is a gift; otherwise an assignment for that price', () => {
    expect(decideAssignment(listed, recipient, 0)).toEqual({ ok: true, reason: 'gift', message: 'Austin was given to player1 as a gift' });
    expect(decideAssignment(listed, recipient, 250)).toEqual({
      ok: true,
      reason: 'assignment',
      message: 'Austin was assigned to player1 for 250 DRK',
    });
  });

  it('when the recipient already owns it, or it belongs to the realm, then it is refused', () => {
    expect(decideAssignment({ ...listed, ownerId: 'player' }, recipient, 0)).toEqual({ ok: false, message: 'player1 already owns Austin' });
    expect(decideAssignment({ ...listed, type: 'wanakt' }, recipient, 0).ok).toBe(false);
  });
});

describe('[§4 upgrade tiers] decideUpgrade', () => {
  it('when the tier is higher, then it costs the docs/rules.md §9 price less a running discount', () => {
    expect(decideUpgrade({ name: 'Austin', upgradeTier: 'standard' }, 'premium', 1)).toMatchObject({ ok: true, cost: 500 });
    expect(decideUpgrade({ name: 'Austin', upgradeTier: 'standard' }, 'premium', 1.2)).toMatchObject({ ok: true, cost: 400 });
  });

  it('when the tier is not higher, then it is refused', () => {
    expect(decideUpgrade({ name: 'Austin', upgradeTier: 'deluxe' }, 'premium', 1)).toEqual({
      ok: false,
      message: 'Austin is already deluxe; choose a higher tier than that',
    });
  });
});

describe('[gift] decideGift', () => {
  it('when the owner gives its territory to another player, then it is theirs; a wonder, the seat or a gift to oneself is refused', () => {
    expect(decideGift(listed, { id: 'friend', username: 'friend1' })).toEqual({ ok: true, message: 'Austin was given to friend1' });
    expect(decideGift(listed, { id: 'seller', username: 'seller1' })).toEqual({ ok: false, message: 'You already own Austin' });
    for (const type of ['wonder', 'wanakt'] as const) {
      expect(decideGift({ ...listed, type }, { id: 'friend', username: 'friend1' })).toEqual({
        ok: false,
        message: 'Austin belongs to the realm and cannot change hands',
      });
    }
  });
});
