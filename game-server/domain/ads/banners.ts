import type { BannerBody, MyBannerDto } from '../../../schema/api/ads.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { bannerCostDrk } from '../../../schema/rules/store.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { transfer } from '../economy/ledger.ts';
import type { Work } from '../service-deps.ts';
import { AD_SELECT, readAd, toMyBannerDto, type AdRow } from './ad-rows.ts';

/**
 * A player's dashboard banner, paid in DRK to the treasury in the same transaction that creates it,
 * then reviewed like a card-paid ad. The treasury's own banners cost it nothing. Answers the
 * banner and whose balances changed, for the command to announce.
 */
export async function buyBanner(
  { tx, now }: Work,
  buyerId: string,
  banner: BannerBody,
): Promise<{ banner: MyBannerDto; paidBy: string[] }> {
  const cost = buyerId === WANAKT_USER_ID ? 0 : bannerCostDrk(banner.target_impressions);
  const [ad] = await tx<{ id: number }[]>`
    insert into ads (title, content, click_url, buyer_user_id, impressions_wanted, cost_drk, status, created_at, paid_at)
    values (${banner.title}, ${banner.content}, ${banner.click_url}, ${buyerId}, ${banner.target_impressions}, ${cost},
            'in_review', ${now}, ${now})
    returning id`;
  if (cost > 0) await transfer(tx, buyerId, WANAKT_USER_ID, { amount: cost, reason: 'banner', reference: `ad-${ad.id}` }, now);
  return { banner: toMyBannerDto((await readAd(tx, ad.id))!), paidBy: cost > 0 ? [buyerId, WANAKT_USER_ID] : [] };
}

/** A player's banners with what they delivered and cost, newest first, for the analytics modal. */
export async function myBanners(sql: Queryable, userId: string): Promise<MyBannerDto[]> {
  const rows = await sql<AdRow[]>`${sql.unsafe(AD_SELECT)} where a.buyer_user_id = ${userId} order by a.created_at desc, a.id desc`;
  return rows.map(toMyBannerDto);
}
