import type { AdDto } from '../../../schema/api/ads.ts';
import { bannerReaches, homeRegionOf, viewerRegion, type Place } from '../../../schema/rules/banner.ts';
import type { Region } from '../../../schema/rules/region.ts';
import type { LiveBannerAd, ServerMessages } from '../../../schema/state/messages.ts';
import { HOUSE_ADS, type SlotBanner } from '../../domain/ads/banner-rotation.ts';
import type { ImpressionTally } from '../../domain/ads/impression-tally.ts';
import type { Queryable } from '../../infra/db/database.ts';

// docs/rules.md §9 "Advertising": each client is shown the slot's banner when the ad reaches its
// region, a house ad otherwise; every paid banner shown is noted for the banner-impressions job,
// the one writer of the counts, under the viewer it counts for: the player, or for a visitor
// without a session its address (an IPv6 /64), however many sockets either holds.

/** Whom a client's impressions count for (limits/address-key.ts gives the address key). */
export const impressionViewerOf = (userId: string | null, address: string) => (userId !== null ? `player:${userId}` : `address:${address}`);

/** What the room keeps for one client's banner. */
export interface BannerViewer {
  /** Whom its impressions count for (impressionViewerOf): the same for every socket of one viewer. */
  countsAs: string;
  /** Where its map looks, or null at the whole world. */
  view: Place | null;
  /** Its player's home region, read at join. */
  home: Region | null;
  /** What it was last sent, so an unchanged banner is not sent again. */
  sent: string | null;
  send(message: ServerMessages['banner']): void;
}

const liveOf = (ad: AdDto): LiveBannerAd => ({
  id: ad.id,
  title: ad.title,
  content: ad.content,
  clickUrl: ad.click_url,
  territoryId: ad.territory_id,
  region: ad.region,
});

/** The house ad a client outside a paid ad's region sees in that slot: they take turns by slot. */
const houseAdOf = (slot: number) => HOUSE_ADS[((slot % HOUSE_ADS.length) + HOUSE_ADS.length) % HOUSE_ADS.length];

/** The region of most of this player's land (their home for targeting); null for a visitor or a player without land. */
export async function homeRegionOfPlayer(sql: Queryable, userId: string | null): Promise<Region | null> {
  if (!userId) return null;
  const places = await sql<Place[]>`select latitude::float8, longitude::float8 from territories where owner_id = ${userId}`;
  return homeRegionOf(places);
}

export class RoomBanners {
  private current: SlotBanner | null = null;

  private readonly tally: ImpressionTally;

  constructor(tally: ImpressionTally) {
    this.tally = tally;
  }

  /** A new slot (or the room's first read): every client is shown what reaches it. */
  show(banner: SlotBanner | null, viewers: Iterable<BannerViewer>): void {
    this.current = banner;
    for (const viewer of viewers) this.offer(viewer);
  }

  /** Shows one client its banner for the current slot: at join, and when its view or home changes. */
  offer(viewer: BannerViewer): void {
    const region = viewerRegion(viewer.view, viewer.home);
    const slotAd = this.current?.ad ?? null;
    const slot = this.current?.slot ?? 0;
    const ad = slotAd === null ? null : bannerReaches(slotAd.region, region) ? slotAd : houseAdOf(slot);
    if (ad && ad.id > 0) this.tally.note({ adId: ad.id, slot, viewer: viewer.countsAs });
    const message = { ad: ad && liveOf(ad), region };
    const key = JSON.stringify(message);
    if (viewer.sent === key) return;
    viewer.sent = key;
    viewer.send(message);
  }
}
