import { isWebUrl } from '../../schema/api/ads.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../errors.ts';

/**
 * Answers where a running ad leads, counting the click when `count` (the route counts one per
 * address per ad an hour). Only ads that ran count, and only a web address is ever answered,
 * whatever the row holds.
 */
export async function recordAdClick(sql: Queryable, adId: number, count = true): Promise<string> {
  const [ad] = await sql<{ click_url: string }[]>`
    update ads set clicks = clicks + ${count ? 1 : 0}
     where id = ${adId} and status in ('active', 'completed') and click_url is not null
    returning click_url`;
  if (!ad || !isWebUrl(ad.click_url)) throw notFound('This ad is not running or has no link');
  return ad.click_url;
}
