import type { TerritoryDto } from '../../schema/api/territory.ts';

/**
 * A whole TerritoryDto for the client's tests: an unowned, unlisted standard town named after its id,
 * at 0,0. `overrides` sets what a test is about, so each test names only the fields it reads.
 */
export function territoryDto(overrides: Partial<TerritoryDto> = {}): TerritoryDto {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `T${id}`,
    type: 'town',
    tier: 'sub',
    owner_id: null,
    owner_name: null,
    parent_territory_id: null,
    description: '',
    latitude: '0',
    longitude: '0',
    monthly_revenue: '60',
    price: 100,
    sale_price: null,
    purchase_price: null,
    basePrice: 100,
    population: 1,
    upgrade_tier: 'standard',
    visits: 0,
    ...overrides,
  };
}
