import { describe, expect, it } from 'vitest';
import { TERRITORY_TYPES } from '../constants.ts';
import { flattenHierarchy, PAYS_THE_WANAKT, paysRent, rentPayeeId, rentRecipient } from './feudal.ts';

describe('[§1 feudal] who pays whom', () => {
  it('when a main city pays, then its rent goes to the Wanakt; every other territory pays its overlord', () => {
    expect(rentRecipient('main')).toBe('wanakt');
    for (const type of TERRITORY_TYPES.filter((type) => type !== 'main')) expect(rentRecipient(type), type).toBe('overlord');
    expect(PAYS_THE_WANAKT).toEqual(['main']);
  });

  it("when the overlord is unowned, then a vassal's rent goes to nobody, but a main city's still to the Wanakt", () => {
    expect(rentPayeeId('town', null, 'wanakt-admin')).toBeNull();
    expect(rentPayeeId('town', 'lord', 'wanakt-admin')).toBe('lord');
    expect(rentPayeeId('main', null, 'wanakt-admin')).toBe('wanakt-admin');
  });

  it('when wonders, common areas or the seat are asked, then they pay no rent', () => {
    expect(paysRent({ type: 'wonder', monthly_revenue: '900' })).toBe(false);
    expect(paysRent({ type: 'common', monthly_revenue: 900 })).toBe(false);
    expect(paysRent({ type: 'village', monthly_revenue: '900' })).toBe(true);
  });

  it('flattens the tree with overlords before their vassals', () => {
    const leaf = { id: 3, vassals: [] };
    const tree = [
      { id: 1, vassals: [{ id: 2, vassals: [leaf] }] },
      { id: 4, vassals: [] },
    ];
    expect(flattenHierarchy(tree).map((node) => node.id)).toEqual([1, 2, 3, 4]);
  });
});
