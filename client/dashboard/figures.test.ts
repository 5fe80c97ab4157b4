import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '../../schema/api/chat.ts';
import type { HierarchyNode, OwnershipChangeDto } from '../../schema/api/territories.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { feudalFigures, payeeOf } from '../feudalFigures.ts';
import { listingFigures, tradeFigures } from './marketFigures.ts';
import { chatActivity, wonderVisitors } from './wonderFigures.ts';

const change = (
  reason: OwnershipChangeDto['reason'],
  price: number,
  not_counted: OwnershipChangeDto['not_counted'] = null,
): OwnershipChangeDto => ({
  id: price,
  from_owner_id: null,
  from_owner_name: null,
  to_owner_id: 'u',
  to_owner_name: 'u',
  price,
  reason,
  linked: false,
  not_counted,
  created_at: '2026-01-01T00:00:00Z',
});

describe('[§9 display] figures that replace the fixed placeholders', () => {
  it('when a territory changed hands, then trades count purchases only and the average is of their prices', () => {
    expect(tradeFigures([change('purchase', 1000), change('gift', 0), change('purchase', 2001), change('assignment', 500)])).toEqual({
      trades: 2,
      averagePrice: 1501,
    });
    expect(tradeFigures([change('gift', 0)])).toEqual({ trades: 0, averagePrice: null });
    // A round trip at a price nobody would pay is a trade, but no price of the market.
    expect(tradeFigures([change('purchase', 1000), change('purchase', 90_000, 'round_trip')])).toEqual({ trades: 2, averagePrice: 1000 });
    expect(tradeFigures([change('purchase', 5, 'linked')])).toEqual({ trades: 1, averagePrice: null });
  });

  it('when listings are shown, then the average ask and the cheapest come from them', () => {
    const listing = (sale_price: number, owner_id: string | null) => ({ sale_price, owner_id }) as TerritoryDto;
    expect(listingFigures([listing(500, null), listing(1500, 'u1'), listing(1000, 'wanakt-admin')])).toEqual({
      count: 3,
      fromPlayers: 1,
      cheapest: 500,
      averageAsk: 1000,
    });
    expect(listingFigures([])).toEqual({ count: 0, fromPlayers: 0, cheapest: null, averageAsk: null });
  });

  it('[§9] when a wonder has 10,000,000 visitors a year, then it shows 100K', () => {
    expect(wonderVisitors(10_000_000)).toBe('100K');
    expect(wonderVisitors(1_540_000)).toBe('15K');
  });

  it('when a wonder has chat messages, then the activity line counts those of the last 24 hours', () => {
    const now = new Date('2026-05-02T12:00:00Z');
    const message = (id: number, created_at: string) => ({ id, created_at }) as ChatMessageDto;
    expect(chatActivity([], now)).toBe('No messages yet. Be the first to say hello!');
    expect(
      chatActivity([message(1, '2026-05-01T06:00:00Z'), message(2, '2026-05-02T11:00:00Z'), message(3, '2026-05-02T11:30:00Z')], now),
    ).toBe('2 messages in the last 24 hours');
    expect(chatActivity([message(1, '2026-04-20T06:00:00Z')], now)).toContain('Quiet today');
  });
});

describe('[§2 feudal hierarchy] cards', () => {
  const node = (
    id: number,
    type: HierarchyNode['type'],
    paysRent: number,
    vassals: HierarchyNode[] = [],
    overlord: string | null = null,
  ): HierarchyNode =>
    ({
      id,
      type,
      name: `T${id}`,
      monthly_revenue: '100',
      rent_amount: null,
      paysRent,
      collectsRent: 0,
      vassals,
      overlord: overlord ? { name: overlord } : null,
    }) as HierarchyNode;

  it('when the tree is counted, then each level is counted and owed rents add up per period and per month', () => {
    const tree = [
      node(1, 'main', 111, [node(2, 'city', 20, [node(3, 'town', 0, [node(4, 'village', 0)])]), node(5, 'sub', 72)]),
      node(6, 'wonder', 0),
    ];
    const figures = feudalFigures(tree);
    expect(figures.counts).toEqual({ main: 1, city: 1, town: 1, village: 1 });
    expect(figures.rentsPerPeriod).toBe(203);
    expect(figures.rentsPerMonth).toBe(34);
    // 111 (main) + 20% of 100 (city) + 25% of 100 (town) + 30% of 100 (village) + 72 (sub); wonders owe nothing.
    expect(figures.fullRealmPerPeriod).toBe(111 + 20 + 25 + 30 + 72);
  });

  it('when a main city pays, then it pays the Wanakt; a vassal pays its overlord', () => {
    expect(payeeOf({ type: 'main', overlord: null })).toBe('the Wanakt');
    expect(payeeOf({ type: 'town', overlord: { name: 'Austin' } })).toBe('Austin');
    expect(payeeOf({ type: 'wonder', overlord: null })).toBeNull();
  });
});
