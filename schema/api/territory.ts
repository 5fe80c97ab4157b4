import type { TerritoryTier, TerritoryType, UpgradeTier } from '../constants.ts';

// A territory as every /api/territories read answers it (SPEC §3). DRK figures that the spec
// carries as strings stay strings; the rest are numbers.
export interface TerritoryDto {
  id: number;
  name: string;
  type: TerritoryType;
  tier: TerritoryTier;
  owner_id: string | null;
  owner_name: string | null;
  parent_territory_id: number | null;
  description: string;
  latitude: string;
  longitude: string;
  monthly_revenue: string;
  price: number;
  sale_price: number | null;
  purchase_price: number | null;
  basePrice: number;
  population: number;
  upgrade_tier: UpgradeTier;
  visits: number;
}
