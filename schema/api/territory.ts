import { z } from 'zod';
import { TERRITORY_TIERS, TERRITORY_TYPES, UPGRADE_TIERS } from '../constants.ts';

// A territory as every /api/territories read answers it (docs/rules.md §3). DRK figures that the spec
// carries as strings stay strings; the rest are numbers.
export const TerritoryDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(TERRITORY_TYPES),
    tier: z.enum(TERRITORY_TIERS),
    owner_id: z.string().nullable(),
    owner_name: z.string().nullable(),
    parent_territory_id: z.number().int().nullable(),
    description: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    monthly_revenue: z.string(),
    price: z.number(),
    sale_price: z.number().nullable(),
    purchase_price: z.number().nullable(),
    basePrice: z.number(),
    population: z.number(),
    upgrade_tier: z.enum(UPGRADE_TIERS),
    visits: z.number(),
  })
  .meta({ id: 'Territory' });
export type TerritoryDto = z.infer<typeof TerritoryDto>;

export const TERRITORY_FIELDS = TerritoryDto.keyof().options;
export type TerritoryField = (typeof TERRITORY_FIELDS)[number];
