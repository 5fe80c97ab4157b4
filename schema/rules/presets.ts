import type { TerritoryType } from '../constants.ts';

export interface CityPreset {
  name: string;
  latitude: number;
  longitude: number;
  type: Extract<TerritoryType, 'main' | 'city' | 'town' | 'village'>;
  basePrice: number;
}

// docs/rules.md §9 "Settlement presets": the Quick Add cities, grouped by type in this
// order, with their real coordinates (decimal degrees, north and east positive).
export const CITY_PRESET_TYPES = ['main', 'city', 'town', 'village'] as const;

export const CITY_PRESETS: readonly CityPreset[] = [
  { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437, type: 'main', basePrice: 15000 },
  { name: 'Chicago', latitude: 41.8781, longitude: -87.6298, type: 'main', basePrice: 12000 },
  { name: 'Toronto', latitude: 43.6532, longitude: -79.3832, type: 'main', basePrice: 11000 },
  { name: 'Barcelona', latitude: 41.3874, longitude: 2.1686, type: 'main', basePrice: 10000 },
  { name: 'Sacramento', latitude: 38.5816, longitude: -121.4944, type: 'city', basePrice: 7000 },
  { name: 'Austin', latitude: 30.2672, longitude: -97.7431, type: 'city', basePrice: 8000 },
  { name: 'Nashville', latitude: 36.1627, longitude: -86.7816, type: 'city', basePrice: 6500 },
  { name: 'Liverpool', latitude: 53.4084, longitude: -2.9916, type: 'city', basePrice: 6000 },
  { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982, type: 'town', basePrice: 3000 },
  { name: 'Key West', latitude: 24.5551, longitude: -81.78, type: 'town', basePrice: 2500 },
  { name: 'Aspen', latitude: 39.1911, longitude: -106.8175, type: 'town', basePrice: 4000 },
  { name: 'Banff', latitude: 51.1784, longitude: -115.5708, type: 'town', basePrice: 3500 },
  { name: 'Carmel-by-the-Sea', latitude: 36.5552, longitude: -121.9233, type: 'village', basePrice: 1500 },
  { name: 'Mendocino', latitude: 39.3077, longitude: -123.7995, type: 'village', basePrice: 1200 },
  { name: 'Taos', latitude: 36.4072, longitude: -105.5731, type: 'village', basePrice: 1000 },
  { name: 'Hallstatt', latitude: 47.5622, longitude: 13.6493, type: 'village', basePrice: 2000 },
];

export function presetsOfType(type: CityPreset['type']): CityPreset[] {
  return CITY_PRESETS.filter((preset) => preset.type === type);
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-US');

/**
 * The settlement already on the map under this name (case and spaces aside), if any: a preset or a
 * typed name must not found a second Hallstatt; the Wanakt moves the existing one instead.
 */
export function existingSettlement<T extends { name: string }>(name: string, territories: readonly T[]): T | null {
  const key = nameKey(name);
  return territories.find((territory) => nameKey(territory.name) === key) ?? null;
}

export function duplicateSettlementMessage(name: string): string {
  return `${name} is already on the map: move its pin instead of adding it twice`;
}
