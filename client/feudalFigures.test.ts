import { describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../schema/api/territories.ts';
import { vassalageOf } from './feudalFigures.ts';

const node = (id: number, type: HierarchyNode['type'], figures: Partial<HierarchyNode> = {}): HierarchyNode =>
  ({ id, type, vassals: [], collectsRent: 0, paysRent: 0, ...figures }) as HierarchyNode;

describe("who pays a territory's holder", () => {
  const village = node(4, 'village', { paysRent: 9 });
  const city = node(3, 'city', { vassals: [village], collectsRent: 9, paysRent: 20 });
  const paris = node(1, 'main', { vassals: [city], collectsRent: 20, paysRent: 111 });
  const unownedMain = node(2, 'main');
  const seat = node(10, 'wanakt');
  const roots = [paris, unownedMain, seat, node(11, 'wonder')];

  it("when the territory is the Wanakt's seat, then its vassals are the main cities and it collects what they pay", () => {
    expect(vassalageOf(seat, roots)).toEqual({ vassals: 2, collects: 111 });
  });

  it('when the territory is any other, then its vassals are its own in the tree', () => {
    expect(vassalageOf(paris, roots)).toEqual({ vassals: 1, collects: 20 });
    expect(vassalageOf(city, roots)).toEqual({ vassals: 1, collects: 9 });
    expect(vassalageOf(village, roots)).toEqual({ vassals: 0, collects: 0 });
  });
});
