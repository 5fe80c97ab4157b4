// The one table of what the game calls its territory types, its tiers and unowned land. Screens,
// forms and the server's messages read names from here so a thing is never called two names.

import type { TerritoryTier, TerritoryType, UpgradeTier } from './constants.ts';

interface Name {
  one: string;
  other: string;
}

/** A territory type's name, singular and plural ("Sub-territory", the word docs/ and the rate card use). */
export const TYPE_NAMES: Record<TerritoryType, Name> = {
  wanakt: { one: "The Wanakt's Seat", other: "The Wanakt's Seats" },
  main: { one: 'Main City', other: 'Main Cities' },
  sub: { one: 'Sub-territory', other: 'Sub-territories' },
  common: { one: 'Common Area', other: 'Common Areas' },
  wonder: { one: 'Wonder', other: 'Wonders' },
  city: { one: 'City', other: 'Cities' },
  town: { one: 'Town', other: 'Towns' },
  village: { one: 'Village', other: 'Villages' },
};

/** The administrator, named where it acts: it founds every settlement and sells the treasury's land. */
export const THE_WANAKT = 'The Wanakt';

/** The feudal tiers the map colours by: cities, towns and villages sit in the sub-territory tier. */
export const FEUDAL_TIER_NAMES: Record<TerritoryTier, string> = {
  wanakt: THE_WANAKT,
  main: 'Main Cities',
  sub: 'Sub-territories',
  common: 'Common Areas',
  wonder: 'Wonders',
};

export const UPGRADE_TIER_NAMES: Record<UpgradeTier, string> = {
  standard: 'Standard',
  premium: 'Premium',
  deluxe: 'Deluxe',
  ultimate: 'Ultimate',
};

/** Unowned land is shown as 'Available' wherever an owner would be named (the product's fixed word). */
export const UNOWNED = 'Available';
/** Who sells unowned land, where a seller is named: its price goes there, as the statement says. */
export const TREASURY_SELLER = "The Wanakt's treasury";
/** Where an unowned territory's purchase price goes, said once beside {@link UNOWNED} where money is involved. */
export const UNOWNED_EXPLAINED = "Nobody owns it yet; its price goes to the Wanakt's treasury";

export function typeName(type: TerritoryType, count = 1): string {
  return count === 1 ? TYPE_NAMES[type].one : TYPE_NAMES[type].other;
}

export function upgradeTierName(tier: UpgradeTier): string {
  return UPGRADE_TIER_NAMES[tier];
}
