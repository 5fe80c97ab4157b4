import { isWebUrl } from '../../../schema/api/ads.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

// Where a running ad leads. Only ads that ran lead anywhere, and only to a web address, whatever
// the row holds.

const NOT_RUNNING = 'This ad is not running or has no link';

/** Counts a click for the advertiser and answers where it leads (the ad.click command). */
export async function recordAdClick({ tx }: Work, adId: number): Promise<string> {
  const [ad] = await tx<{ click_url: string }[]>`
    update ads set clicks = clicks + 1
     where id = ${adId} and status in ('active', 'completed') and click_url is not null
    returning click_url`;
  if (!ad || !isWebUrl(ad.click_url)) throw notFound(NOT_RUNNING);
  return ad.click_url;
}

/** Where an ad leads, counting nothing: a repeat click within the hour. */
export async function adLink(sql: Queryable, adId: number): Promise<string> {
  const [ad] = await sql<{ click_url: string }[]>`
    select click_url from ads where id = ${adId} and status in ('active', 'completed') and click_url is not null`;
  if (!ad || !isWebUrl(ad.click_url)) throw notFound(NOT_RUNNING);
  return ad.click_url;
}
