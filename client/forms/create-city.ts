import { DEFAULT_BASE_PRICE } from '../../schema/constants.ts';
import type { CityPreset } from '../../schema/rules/presets.ts';
import { parseWholeDrk } from './amounts.ts';

// The types the Wanakt can found, settlements of the feudal tree first.
export const SETTLEMENT_TYPES = ['main', 'city', 'town', 'village', 'sub', 'common', 'wonder'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const SETTLEMENT_TYPE_LABELS: Record<SettlementType, string> = {
  main: 'Main City',
  city: 'City',
  town: 'Town',
  village: 'Village',
  sub: 'Sub-territory',
  common: 'Common Area',
  wonder: 'Wonder',
};

export interface CityFields {
  name: string;
  latitude: string;
  longitude: string;
  type: SettlementType;
  basePrice: string;
}

/** SPEC §4 "Admin create city": after a success the form resets to type main and price 5000. */
export const EMPTY_CITY_FIELDS: CityFields = {
  name: '',
  latitude: '',
  longitude: '',
  type: 'main',
  basePrice: String(DEFAULT_BASE_PRICE),
};

export function fieldsFromPreset(preset: CityPreset): CityFields {
  return {
    name: preset.name,
    latitude: String(preset.latitude),
    longitude: String(preset.longitude),
    type: preset.type,
    basePrice: String(preset.basePrice),
  };
}

export interface NewSettlement {
  name: string;
  latitude: number;
  longitude: number;
  type: SettlementType;
  basePrice: number;
}

export type CityCheck = { ok: true; settlement: NewSettlement } | { ok: false; title: 'Error'; description: string };

export const MISSING_CITY_FIELDS = 'Please fill in all required fields';

// A decimal as a person types it: optional sign, digits, optional fraction. No exponents or words.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function decimal(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
}

/**
 * SPEC §5 "Admin create city": name, latitude and longitude are required, and the coordinates are
 * decimals. The server checks the same and answers in the same words.
 */
export function checkCityFields(fields: CityFields): CityCheck {
  if (!fields.name.trim() || !fields.latitude.trim() || !fields.longitude.trim()) {
    return { ok: false, title: 'Error', description: MISSING_CITY_FIELDS };
  }
  const latitude = decimal(fields.latitude);
  if (latitude === null || Math.abs(latitude) > 90) {
    return { ok: false, title: 'Error', description: 'Latitude must be a decimal number between -90 and 90' };
  }
  const longitude = decimal(fields.longitude);
  if (longitude === null || Math.abs(longitude) > 180) {
    return { ok: false, title: 'Error', description: 'Longitude must be a decimal number between -180 and 180' };
  }
  const basePrice = fields.basePrice.trim() === '' ? DEFAULT_BASE_PRICE : parseWholeDrk(fields.basePrice);
  if (basePrice === null) {
    return { ok: false, title: 'Error', description: 'Base price must be a whole number of DRK, 0 or more' };
  }
  return { ok: true, settlement: { name: fields.name.trim(), latitude, longitude, type: fields.type, basePrice } };
}
