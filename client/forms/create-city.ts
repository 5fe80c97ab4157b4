import { CreateTerritoryBody, MISSING_FIELDS, SETTLEMENT_TYPES, type SettlementType } from '../../schema/api/territories.ts';
import { DEFAULT_BASE_PRICE } from '../../schema/constants.ts';
import type { CityPreset } from '../../schema/rules/presets.ts';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';
import { typeName } from '../../schema/display-names.ts';

export { SETTLEMENT_TYPES, type SettlementType };

export const SETTLEMENT_TYPE_LABELS = Object.fromEntries(SETTLEMENT_TYPES.map((type) => [type, typeName(type)])) as Record<
  SettlementType,
  string
>;

export interface CityFields {
  name: string;
  latitude: string;
  longitude: string;
  type: SettlementType;
  basePrice: string;
}

/** docs/rules.md §9 "Settlement presets": after a success the form resets to type main and price 5000. */
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

export const MISSING_CITY_FIELDS = MISSING_FIELDS;

const refused = (description: string): CityCheck => ({ ok: false, title: 'Error', description });

/**
 * docs/rules.md §5 "Settlement": name, latitude and longitude are required, and the coordinates are
 * decimals. The form reads the fields with the server's own validator, so both refuse the same
 * things in the same words.
 */
export function checkCityFields(fields: CityFields): CityCheck {
  const basePrice = fields.basePrice.trim() === '' ? undefined : parseWholeDrk(fields.basePrice);
  if (basePrice === null) return refused('Base price must be a whole number of DRK, 0 or more');
  const parsed = CreateTerritoryBody.safeParse({
    name: fields.name,
    latitude: fields.latitude,
    longitude: fields.longitude,
    type: fields.type,
    basePrice,
  });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? MISSING_FIELDS);
  const { name, latitude, longitude, type } = parsed.data;
  return { ok: true, settlement: { name, latitude, longitude, type, basePrice: parsed.data.basePrice } };
}
