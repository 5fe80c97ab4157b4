import type { TerritoryDto } from '../api/territory.ts';
import type { TerritoryTier, TerritoryType, UpgradeTier } from '../constants.ts';

/** The fields of a territory the `world` room keeps live (LiveTerritory), as plain data. */
export interface LiveTerritoryFields {
  id: number;
  name: string;
  type: string;
  tier: string;
  ownerId: string;
  ownerName: string;
  latitude: number;
  longitude: number;
  forSale: boolean;
  price: number;
  upgradeTier: string;
  visits: number;
}

/** The part of a TerritoryDto that the live fields replace. */
export type LiveTerritoryDto = Pick<
  TerritoryDto,
  'id' | 'name' | 'type' | 'tier' | 'owner_id' | 'owner_name' | 'latitude' | 'longitude' | 'sale_price' | 'upgrade_tier' | 'visits'
>;

export function liveFieldsOf(dto: TerritoryDto): LiveTerritoryFields {
  return {
    id: dto.id,
    name: dto.name,
    type: dto.type,
    tier: dto.tier,
    ownerId: dto.owner_id ?? '',
    ownerName: dto.owner_name ?? '',
    latitude: Number(dto.latitude),
    longitude: Number(dto.longitude),
    forSale: dto.sale_price !== null,
    price: dto.sale_price ?? 0,
    upgradeTier: dto.upgrade_tier,
    visits: dto.visits,
  };
}

/** The inverse of liveFieldsOf, for a client that keeps TerritoryDtos. */
export function dtoFieldsOf(live: LiveTerritoryFields): LiveTerritoryDto {
  return {
    id: live.id,
    name: live.name,
    type: live.type as TerritoryType,
    tier: live.tier as TerritoryTier,
    owner_id: live.ownerId === '' ? null : live.ownerId,
    owner_name: live.ownerName === '' ? null : live.ownerName,
    latitude: String(live.latitude),
    longitude: String(live.longitude),
    sale_price: live.forSale ? live.price : null,
    upgrade_tier: live.upgradeTier as UpgradeTier,
    visits: live.visits,
  };
}
