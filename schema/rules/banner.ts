import { REGIONS, regionOf, type Region } from './region.ts';

// docs/rules.md §9 "Advertising": what the banner shows, and to whom an ad aimed at a territory
// is shown. Shared by the room (which decides) and the pages (which say so at checkout).

/** The banner's short text: the ad's text up to this many characters, cut at a word. */
export const BANNER_TEXT_CHARS = 90;

/** The ad's text as the banner shows it beside its whole title: short, cut at a word, with an ellipsis when cut. */
export function bannerText(content: string): string {
  const text = content.trim().replace(/\s+/g, ' ');
  if (text.length <= BANNER_TEXT_CHARS) return text;
  const cut = text.slice(0, BANNER_TEXT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > BANNER_TEXT_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface Place {
  latitude: number;
  longitude: number;
}

/** The region that holds most of a player's land (the lowest region in REGIONS order on a tie); null with no land on it. */
export function homeRegionOf(places: readonly Place[]): Region | null {
  const counts = new Map<Region, number>();
  for (const place of places) {
    const region = regionOf(place.latitude, place.longitude);
    if (region) counts.set(region, (counts.get(region) ?? 0) + 1);
  }
  let home: Region | null = null;
  for (const region of REGIONS) if ((counts.get(region) ?? 0) > (home ? counts.get(home)! : 0)) home = region;
  return home;
}

/**
 * Where a client is, for targeting: the region its map is looking at when it looks at one, else its
 * player's home region; null for a visitor looking at the whole world.
 */
export function viewerRegion(view: Place | null, home: Region | null): Region | null {
  return (view && regionOf(view.latitude, view.longitude)) ?? home;
}

/** An ad aimed at a territory reaches only clients in that territory's region; an ad aimed nowhere reaches everyone. */
export function bannerReaches(adRegion: Region | null, viewer: Region | null): boolean {
  return adRegion === null || adRegion === viewer;
}
