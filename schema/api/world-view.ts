import { z } from 'zod';
import type { TerritoryCluster } from '../rules/viewport.ts';
import { TerritoryDto } from './territory.ts';

// GET /api/territories?bbox=…&zoom=…: what the map draws of one box of a large world, by the view
// rule of schema/rules/viewport.ts. A box of few territories comes marker by marker; a fuller one as
// clusters, with the always-shown territories in it as markers beside them.

/** The fields the map draws a marker with, colours included (client/map/colourModes.ts). */
export const VIEW_TERRITORY_FIELDS = [
  'id',
  'name',
  'type',
  'tier',
  'owner_id',
  'owner_name',
  'latitude',
  'longitude',
  'sale_price',
  'monthly_revenue',
  'upgrade_tier',
] as const;

export const ViewTerritoryDto = TerritoryDto.pick(
  Object.fromEntries(VIEW_TERRITORY_FIELDS.map((field) => [field, true])) as {
    [Field in (typeof VIEW_TERRITORY_FIELDS)[number]]: true;
  },
).meta({ id: 'ViewTerritory', description: 'A territory as the map draws its marker' });
export type ViewTerritoryDto = z.infer<typeof ViewTerritoryDto>;

export const TerritoryClusterDto = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    count: z.number().int().min(1),
    forSale: z.number().int().min(0),
    owned: z.number().int().min(0),
  })
  .meta({
    id: 'TerritoryCluster',
    description: 'The territories of one cell of the grid inside the box: their centre, how many, how many listed and how many owned',
  }) satisfies z.ZodType<TerritoryCluster>;

export const WorldViewDto = z
  .object({ clusters: z.array(TerritoryClusterDto), territories: z.array(ViewTerritoryDto) })
  .meta({ id: 'WorldView' });
export type WorldViewDto = z.infer<typeof WorldViewDto>;
