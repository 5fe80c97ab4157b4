import type { AdDto, AdReviewDto, AdStatus, MyBannerDto } from '../../../schema/api/ads.ts';
import { regionOf } from '../../../schema/rules/region.ts';
import type { Queryable } from '../../infra/db/database.ts';

export interface AdRow {
  id: number;
  title: string;
  content: string;
  click_url: string | null;
  territory_id: number | null;
  territory_name: string | null;
  territory_latitude: number | null;
  territory_longitude: number | null;
  advertiser_name: string | null;
  advertiser_email: string | null;
  buyer_user_id: string | null;
  buyer_username: string | null;
  impressions_wanted: number;
  impressions_delivered: number;
  clicks: number;
  total_cost_cents: number | null;
  cost_drk: string | null;
  payment_id: string | null;
  status: AdStatus;
  created_at: Date;
}

/** Every read of ads selects this, so each DTO below can be built from any of them. */
export const AD_SELECT = `
  select a.id, a.title, a.content, a.click_url, a.territory_id, t.name as territory_name, t.latitude::float8 as territory_latitude,
         t.longitude::float8 as territory_longitude, a.advertiser_name,
         a.advertiser_email, a.buyer_user_id, u.username as buyer_username, a.impressions_wanted,
         a.impressions_delivered, a.clicks, a.total_cost_cents, a.cost_drk::text, a.payment_id, a.status, a.created_at
    from ads a
    left join territories t on t.id = a.territory_id
    left join users u on u.id = a.buyer_user_id`;

export async function readAd(sql: Queryable, id: number): Promise<AdRow | null> {
  const [row] = await sql<AdRow[]>`${sql.unsafe(AD_SELECT)} where a.id = ${id}`;
  return row ?? null;
}

export function toAdDto(row: AdRow): AdDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    click_url: row.click_url,
    territory_id: row.territory_id,
    region:
      row.territory_latitude === null || row.territory_longitude === null
        ? null
        : regionOf(row.territory_latitude, row.territory_longitude),
    impressions: row.impressions_delivered,
    impressions_wanted: row.impressions_wanted,
    clicks: row.clicks,
    revenue: row.total_cost_cents !== null ? row.total_cost_cents / 100 : Number(row.cost_drk ?? 0),
    status: row.status,
  };
}

export function toReviewDto(row: AdRow): AdReviewDto {
  return {
    ...toAdDto(row),
    advertiser_name: row.advertiser_name,
    advertiser_email: row.advertiser_email,
    buyer_username: row.buyer_username,
    territory_name: row.territory_name,
    total_cost: row.total_cost_cents === null ? null : row.total_cost_cents / 100,
    cost_drk: row.cost_drk === null ? null : Number(row.cost_drk),
    created_at: row.created_at.toISOString(),
  };
}

export function toMyBannerDto(row: AdRow): MyBannerDto {
  return { ...toAdDto(row), cost_drk: Number(row.cost_drk ?? 0), created_at: row.created_at.toISOString() };
}
