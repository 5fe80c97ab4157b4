import { describe, expect, it } from 'vitest';
import { TERRITORY_TIERS, TERRITORY_TYPES, UPGRADE_TIERS } from './constants.ts';
import { FEUDAL_TIER_NAMES, TYPE_NAMES, UNOWNED, UPGRADE_TIER_NAMES, typeName, upgradeTierName } from './display-names.ts';

describe('[display names] one name for each type, tier and the unowned', () => {
  it('when a type is named for one or for many, then each reads as a word and no two types share a name', () => {
    expect(typeName('sub')).toBe('Sub-territory');
    expect(typeName('sub', 2)).toBe('Sub-territories');
    expect(typeName('town')).toBe('Town');
    const singular = TERRITORY_TYPES.map((type) => TYPE_NAMES[type].one);
    const plural = TERRITORY_TYPES.map((type) => TYPE_NAMES[type].other);
    expect(new Set(singular).size).toBe(TERRITORY_TYPES.length);
    expect(new Set(plural).size).toBe(TERRITORY_TYPES.length);
    for (const name of [...singular, ...plural]) expect(name).toMatch(/^[A-Z]/);
  });

  it('when a tier is named, then every upgrade tier and feudal tier has a capitalised name of its own', () => {
    expect(UPGRADE_TIERS.map(upgradeTierName)).toEqual(['Standard', 'Premium', 'Deluxe', 'Ultimate']);
    expect(new Set(TERRITORY_TIERS.map((tier) => FEUDAL_TIER_NAMES[tier])).size).toBe(TERRITORY_TIERS.length);
  });

  it("when land is unowned, then it is called 'Available', a word no type or tier uses", () => {
    expect(UNOWNED).toBe('Available');
    const others = [
      ...Object.values(TYPE_NAMES).flatMap((name) => [name.one, name.other]),
      ...Object.values(FEUDAL_TIER_NAMES),
      ...Object.values(UPGRADE_TIER_NAMES),
    ];
    expect(others).not.toContain(UNOWNED);
  });
});
