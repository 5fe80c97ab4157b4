import { describe, it, expect } from 'vitest';
import { COLLECTIBLE_TYPES, RARITIES, TERRITORY_TYPES, type TerritoryType } from '../../../schema/constants.ts';
import { WORLD, type SeedTerritory } from './world-data.ts';
import { COLLECTIBLES } from './collectibles-data.ts';
import { SPECIAL_EVENTS, TERRITORY_EVENTS } from './events-data.ts';

const byKey = new Map(WORLD.map((t) => [t.key, t]));
const ofType = (type: TerritoryType) => WORLD.filter((t) => t.type === type);
const named = (name: string) => WORLD.filter((t) => t.name === name);
const parentOf = (t: SeedTerritory) => (t.parentKey === null ? undefined : byKey.get(t.parentKey));
const chainOf = (t: SeedTerritory): SeedTerritory[] => {
  const chain = [t];
  for (let p = parentOf(t); p; p = parentOf(p)) chain.push(p);
  return chain;
};
const childrenOf = (key: string) => WORLD.filter((t) => t.parentKey === key);

const PRICE_RANGE: Record<TerritoryType, [number, number]> = {
  wanakt: [0, 0],
  main: [10000, 15000],
  city: [6000, 8000],
  town: [2500, 4000],
  village: [1000, 2000],
  sub: [1500, 3000],
  common: [500, 1200],
  wonder: [20000, 30000],
};
const REVENUE_RANGE: Record<TerritoryType, [number, number]> = {
  wanakt: [1000, 1000],
  main: [300, 600],
  wonder: [400, 800],
  city: [150, 250],
  town: [80, 140],
  village: [40, 80],
  sub: [100, 200],
  common: [30, 60],
};
const PARENT_TYPE: Record<TerritoryType, TerritoryType | null> = {
  wanakt: null,
  main: null,
  wonder: null,
  city: 'main',
  town: 'city',
  village: 'town',
  sub: 'main',
  common: 'main',
};
const PRESET_PRICES: Record<TerritoryType, Record<string, number>> = {
  main: { 'Los Angeles': 15000, Chicago: 12000, Toronto: 11000, Barcelona: 10000 },
  city: { Sacramento: 7000, Austin: 8000, Nashville: 6500, Liverpool: 6000 },
  town: { 'Santa Barbara': 3000, 'Key West': 2500, Aspen: 4000, Banff: 3500 },
  village: { 'Carmel-by-the-Sea': 1500, Mendocino: 1200, Taos: 1000, Hallstatt: 2000 },
  wanakt: {},
  sub: {},
  common: {},
  wonder: {},
};
const CHAIN_CITIES = ['New York', 'Panama City', 'São Paulo', 'London', 'Cairo', 'Lagos', 'Tokyo', 'Mumbai', 'Sydney'];
const EUROPE_MAINS = ['London', 'Paris', 'Berlin', 'Rome', 'Vienna', 'Barcelona'];

function expectOne(name: string, type: TerritoryType): SeedTerritory {
  const found = named(name);
  expect(found, name).toHaveLength(1);
  expect(found[0].type, name).toBe(type);
  return found[0];
}
const mainOf = (t: SeedTerritory) => chainOf(t).at(-1)!.name;

describe('world seed: counts', () => {
  it('[§3 types] uses only known territory types', () => {
    for (const t of WORLD) expect(TERRITORY_TYPES, t.key).toContain(t.type);
  });

  it('has exactly one wanakt territory, without a parent', () => {
    const wanakt = ofType('wanakt');
    expect(wanakt).toHaveLength(1);
    expect(wanakt[0].parentKey).toBeNull();
  });

  it('has enough territories of every type and at least 150 in total', () => {
    expect(ofType('main').length).toBeGreaterThanOrEqual(24);
    expect(ofType('wonder').length).toBeGreaterThanOrEqual(7);
    expect(ofType('sub').length).toBeGreaterThanOrEqual(20);
    expect(ofType('common').length).toBeGreaterThanOrEqual(10);
    for (const type of ['city', 'town', 'village'] as const) expect(ofType(type).length, type).toBeGreaterThanOrEqual(4);
    expect(WORLD.length).toBeGreaterThanOrEqual(150);
  });
});

describe('world seed: required names', () => {
  it('[§3 chains] has every chain city as a main city', () => {
    for (const name of CHAIN_CITIES) expectOne(name, 'main');
  });

  it('[§3 chains] has every World Wonders Collection member as a wonder', () => {
    for (const name of ['Great Wall', 'Machu Picchu', 'Petra']) expectOne(name, 'wonder');
  });

  it('[§3 wonders] has at least four further real wonders', () => {
    const others = ofType('wonder').filter((w) => !['Great Wall', 'Machu Picchu', 'Petra'].includes(w.name));
    expect(others.length).toBeGreaterThanOrEqual(4);
  });

  it('[§9 presets] has every create-city preset with its type and preset price', () => {
    for (const [type, presets] of Object.entries(PRESET_PRICES) as [TerritoryType, Record<string, number>][]) {
      for (const [name, price] of Object.entries(presets)) expect(expectOne(name, type).price, name).toBe(price);
    }
  });

  it('[§9 presets] places preset vassals under geographically sensible overlords', () => {
    const expectedMain: Record<string, string> = {
      Sacramento: 'Los Angeles',
      Austin: 'Houston',
      Nashville: 'Chicago',
      Liverpool: 'London',
      'Santa Barbara': 'Los Angeles',
      'Key West': 'New York',
      Aspen: 'Chicago',
      Banff: 'Toronto',
      'Carmel-by-the-Sea': 'Los Angeles',
      Mendocino: 'Los Angeles',
      Taos: 'Chicago',
    };
    for (const [name, main] of Object.entries(expectedMain)) expect(mainOf(named(name)[0]), name).toBe(main);
    expect(parentOf(named('Banff')[0])!.name).toBe('Calgary');
    expect(EUROPE_MAINS).toContain(mainOf(named('Hallstatt')[0]));
  });

  it('does not repeat a name', () => {
    const names = WORLD.map((t) => t.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});

describe('world seed: hierarchy', () => {
  it('has unique keys prefixed with their type', () => {
    expect(byKey.size).toBe(WORLD.length);
    for (const t of WORLD) expect(t.key.startsWith(`${t.type}:`), t.key).toBe(true);
  });

  it('lists every parent before its children', () => {
    const seen = new Set<string>();
    for (const t of WORLD) {
      if (t.parentKey !== null) expect(seen.has(t.parentKey), `${t.key} -> ${t.parentKey}`).toBe(true);
      seen.add(t.key);
    }
  });

  it('follows the parent-type rules', () => {
    for (const t of WORLD) {
      const expected = PARENT_TYPE[t.type];
      if (expected === null) expect(t.parentKey, t.key).toBeNull();
      else expect(parentOf(t)?.type, t.key).toBe(expected);
    }
  });

  it('gives every main city at least one vassal', () => {
    for (const m of ofType('main')) expect(childrenOf(m.key).length, m.name).toBeGreaterThan(0);
  });

  it('has cities under at least 12 main cities and full village chains under several', () => {
    const withCities = ofType('main').filter((m) => childrenOf(m.key).some((c) => c.type === 'city'));
    expect(withCities.length).toBeGreaterThanOrEqual(12);
    const withVillages = new Set(ofType('village').map(mainOf));
    expect(withVillages.size).toBeGreaterThanOrEqual(6);
  });
});

describe('world seed: values', () => {
  it('uses real coordinate ranges', () => {
    for (const t of WORLD) {
      expect(Number.isFinite(t.latitude) && t.latitude >= -90 && t.latitude <= 90, t.key).toBe(true);
      expect(Number.isFinite(t.longitude) && t.longitude >= -180 && t.longitude <= 180, t.key).toBe(true);
    }
  });

  it('keeps towns, villages, subs and commons within 500 km of their overlord and cities within 3,500 km', () => {
    const km = (a: SeedTerritory, b: SeedTerritory) => {
      const rad = Math.PI / 180;
      const h =
        Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
        Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    for (const t of WORLD) {
      const p = parentOf(t);
      if (p && t.type !== 'city') expect(km(t, p), t.key).toBeLessThan(500);
      if (p && t.type === 'city') expect(km(t, p), t.key).toBeLessThan(3500);
    }
  });

  it('has trimmed descriptions of 10 to 500 characters', () => {
    for (const t of WORLD) {
      const len = t.description.trim().length;
      expect(len >= 10 && len <= 500, t.key).toBe(true);
    }
  });

  it('has integer prices and monthly revenues within the ranges of each type', () => {
    for (const t of WORLD) {
      const [pMin, pMax] = PRICE_RANGE[t.type];
      const [rMin, rMax] = REVENUE_RANGE[t.type];
      expect(Number.isInteger(t.price) && t.price >= pMin && t.price <= pMax, `${t.key} price ${t.price}`).toBe(true);
      expect(
        Number.isInteger(t.monthlyRevenue) && t.monthlyRevenue >= rMin && t.monthlyRevenue <= rMax,
        `${t.key} revenue ${t.monthlyRevenue}`,
      ).toBe(true);
    }
  });

  it('has positive integer populations, with wonder visitors in the millions', () => {
    for (const t of WORLD) expect(Number.isInteger(t.population) && t.population > 0, t.key).toBe(true);
    for (const w of ofType('wonder')) expect(w.population, w.key).toBeGreaterThanOrEqual(1_000_000);
  });
});

describe('collectibles seed', () => {
  const SIZE = { common: 5, rare: 3, epic: 2, legendary: 1 } as const;
  const PRICE = { common: 150, rare: 400, epic: 900, legendary: 2500 } as const;

  it('has unique keys', () => {
    expect(new Set(COLLECTIBLES.map((c) => c.key)).size).toBe(COLLECTIBLES.length);
  });

  it('covers every rarity for both collectible types', () => {
    for (const type of COLLECTIBLE_TYPES) {
      for (const rarity of RARITIES)
        expect(
          COLLECTIBLES.some((c) => c.type === type && c.rarity === rarity),
          `${type}/${rarity}`,
        ).toBe(true);
    }
  });

  it('numbers each series 1..n with n set by its rarity, one name, rarity and price per series', () => {
    const series = new Map<string, (typeof COLLECTIBLES)[number][]>();
    for (const c of COLLECTIBLES) {
      const id = c.key.slice(0, c.key.lastIndexOf(':'));
      expect(c.key.endsWith(`:${c.serialNumber}`), c.key).toBe(true);
      series.set(id, [...(series.get(id) ?? []), c]);
    }
    for (const [id, items] of series) {
      const { rarity, name, type, price } = items[0];
      expect(
        items.map((c) => c.serialNumber).sort((a, b) => a - b),
        id,
      ).toEqual(Array.from({ length: SIZE[rarity] }, (_, i) => i + 1));
      expect(price, id).toBe(PRICE[rarity]);
      for (const c of items) expect([c.rarity, c.name, c.type, c.price], c.key).toEqual([rarity, name, type, price]);
    }
    for (const type of COLLECTIBLE_TYPES) {
      const count = [...series.values()].filter((items) => items[0].type === type).length;
      expect(count, type).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('events seed', () => {
  it('has one active, at least two upcoming and one ended special event', () => {
    const active = SPECIAL_EVENTS.filter((e) => e.startOffsetDays < 0 && e.endOffsetDays > 0);
    const upcoming = SPECIAL_EVENTS.filter((e) => e.startOffsetDays > 0);
    const ended = SPECIAL_EVENTS.filter((e) => e.endOffsetDays < 0);
    expect(active).toHaveLength(1);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(ended).toHaveLength(1);
    for (const e of SPECIAL_EVENTS) {
      expect(e.endOffsetDays, e.key).toBeGreaterThan(e.startOffsetDays);
      expect(e.bonusMultiplier, e.key).toBeGreaterThan(1);
      expect(['trending-up', 'zap', 'crown', 'gift', 'star', 'calendar'], e.key).toContain(e.icon);
    }
    expect(new Set(SPECIAL_EVENTS.map((e) => e.key)).size).toBe(SPECIAL_EVENTS.length);
  });

  it('places territory events on existing wonders and main cities', () => {
    expect(new Set(TERRITORY_EVENTS.map((e) => e.key)).size).toBe(TERRITORY_EVENTS.length);
    for (const e of TERRITORY_EVENTS) expect(['wonder', 'main'], e.key).toContain(byKey.get(e.territoryKey)?.type);
  });

  it('has a couple of live territory events and schedules the rest within 14 days', () => {
    const live = TERRITORY_EVENTS.filter((e) => e.isLive);
    expect(live.length).toBeGreaterThanOrEqual(2);
    for (const e of live) expect(e.scheduledOffsetHours, e.key).toBeLessThan(0);
    for (const e of TERRITORY_EVENTS.filter((x) => !x.isLive)) {
      expect(e.scheduledOffsetHours > 0 && e.scheduledOffsetHours <= 14 * 24, e.key).toBe(true);
    }
  });
});
