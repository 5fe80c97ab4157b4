import { describe, expect, it } from 'vitest';
import { MAP_COLOURS, WANAKT_USER_ID } from '../../schema/constants.ts';
import {
  ALLIANCE_COLOURS,
  HEAT_STOPS,
  OUTSIDE_ALLIANCES,
  allianceColours,
  NO_FILTERS,
  OWNERSHIP_COLOURS,
  heatColour,
  incomeRange,
  markerColour,
  passesFilters,
  type MarkerFields,
} from './colourModes.ts';

const me = 'player-1';
const mine: MarkerFields = { type: 'city', owner_id: me, sale_price: null, monthly_revenue: '150' };
const mineForSale: MarkerFields = { ...mine, sale_price: 900 };
const theirs: MarkerFields = { type: 'town', owner_id: 'player-2', sale_price: null, monthly_revenue: '60' };
const listed: MarkerFields = { type: 'village', owner_id: 'player-2', sale_price: 400, monthly_revenue: '40' };
const free: MarkerFields = { type: 'wonder', owner_id: null, sale_price: null, monthly_revenue: '1500' };
const kept: MarkerFields = { type: 'wonder', owner_id: WANAKT_USER_ID, sale_price: null, monthly_revenue: '1500' };
const everyone = [mine, theirs, listed, free];
const range = incomeRange(everyone);

describe('[colour modes] by ownership', () => {
  it("when coloured by ownership, then mine, for sale, other players', the Wanakt's and unowned differ", () => {
    expect(markerColour(mine, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.mine);
    expect(markerColour(listed, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.forSale);
    expect(markerColour(theirs, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.others);
    expect(markerColour(free, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.unowned);
    // The Wanakt's wonders are not other players' land (a visitor counted 12 of them beside "0 places owned").
    expect(markerColour(kept, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.wanakt);
    expect(markerColour(kept, 'ownership', WANAKT_USER_ID, range)).toBe(OWNERSHIP_COLOURS.mine);
    expect(new Set(Object.values(OWNERSHIP_COLOURS)).size).toBe(Object.keys(OWNERSHIP_COLOURS).length);
  });

  it('when my own territory is for sale, then it still shows as mine', () => {
    expect(markerColour(mineForSale, 'ownership', me, range)).toBe(OWNERSHIP_COLOURS.mine);
  });

  it('when nobody is logged in, then nothing is "mine"', () => {
    expect(markerColour(mine, 'ownership', null, range)).toBe(OWNERSHIP_COLOURS.others);
  });
});

describe('[colour modes] by tier and by income', () => {
  it("when coloured by tier, then the legend's colours of docs/rules.md §9 are used, cities in the sub colour", () => {
    expect(markerColour(free, 'tier', me, range)).toBe(MAP_COLOURS.wonder);
    expect(markerColour(mine, 'tier', me, range)).toBe(MAP_COLOURS.sub);
  });

  it('when coloured by income, then the poorest is the coolest stop and the richest the hottest', () => {
    expect(markerColour(listed, 'income', me, range)).toBe(HEAT_STOPS[0]);
    expect(markerColour(free, 'income', me, range)).toBe(HEAT_STOPS.at(-1));
    expect(markerColour(mine, 'income', me, range)).not.toBe(markerColour(theirs, 'income', me, range));
  });

  it('when every territory earns the same, then the heat does not divide by zero', () => {
    expect(markerColour(mine, 'income', me, incomeRange([mine]))).toBe(HEAT_STOPS[0]);
    expect(heatColour(Number.NaN)).toBe(HEAT_STOPS[0]);
    expect(heatColour(0.5)).toBe(HEAT_STOPS[2]);
  });
});

describe('[colour modes] by alliance (docs/rules.md §4 "Alliances")', () => {
  const colours = allianceColours([{ members: ['player-2'] }, { members: [me, 'player-3'] }]);

  it("when coloured by alliance, then each alliance's members wear its colour in the order listed, and the rest two greys", () => {
    expect(markerColour(theirs, 'alliance', me, range, colours)).toBe(ALLIANCE_COLOURS[0]);
    expect(markerColour(mine, 'alliance', me, range, colours)).toBe(ALLIANCE_COLOURS[1]);
    expect(markerColour({ ...theirs, owner_id: 'player-3' }, 'alliance', me, range, colours)).toBe(ALLIANCE_COLOURS[1]);
    expect(markerColour({ ...theirs, owner_id: 'loner' }, 'alliance', me, range, colours)).toBe(OUTSIDE_ALLIANCES.none);
    expect(markerColour(free, 'alliance', me, range, colours)).toBe(OUTSIDE_ALLIANCES.unowned);
  });

  it('when the alliances are not known yet, then owned land is "no alliance", never another colour', () => {
    expect(markerColour(theirs, 'alliance', me, range)).toBe(OUTSIDE_ALLIANCES.none);
  });

  it('when there are more alliances than colours, then the colours repeat rather than run out', () => {
    const many = allianceColours(Array.from({ length: ALLIANCE_COLOURS.length + 1 }, (_, index) => ({ members: [`p${index}`] })));
    expect(many.get(`p${ALLIANCE_COLOURS.length}`)).toBe(ALLIANCE_COLOURS[0]);
    expect(new Set(ALLIANCE_COLOURS).size).toBe(ALLIANCE_COLOURS.length);
  });
});

describe('[filters] for sale, mine and a type', () => {
  it('when no filter is on, then every marker shows', () => {
    expect(everyone.every((t) => passesFilters(t, NO_FILTERS, me))).toBe(true);
  });

  it('when filters are on, then only the matching markers show, and they combine', () => {
    expect(everyone.filter((t) => passesFilters(t, { ...NO_FILTERS, forSale: true }, me))).toEqual([listed]);
    expect(everyone.filter((t) => passesFilters(t, { ...NO_FILTERS, mine: true }, me))).toEqual([mine]);
    expect(everyone.filter((t) => passesFilters(t, { ...NO_FILTERS, type: 'wonder' }, me))).toEqual([free]);
    expect(everyone.filter((t) => passesFilters(t, { forSale: true, mine: true, type: null }, me))).toEqual([]);
    expect(everyone.filter((t) => passesFilters(t, { ...NO_FILTERS, mine: true }, null))).toEqual([]);
  });
});
