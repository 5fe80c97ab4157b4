import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdDto } from '../../schema/api/ads.ts';
import { readQuery } from '../state/query.ts';
import { bannerReaches, bannerText } from '../../schema/rules/banner.ts';
import { useSession } from '../state/session.ts';
import { useWorld, type LiveBannerAd } from '../state/world.ts';
import { useDialogs } from './dialogs.ts';

function bannerOf(ad: AdDto): LiveBannerAd {
  return { id: ad.id, title: ad.title, content: ad.content, clickUrl: ad.click_url, territoryId: ad.territory_id, region: ad.region };
}

/** A paid ad's link goes through the game, which counts the click; the house ads lead inside the game. */
const hrefOf = (ad: LiveBannerAd) => (ad.id > 0 ? `/api/ads/${ad.id}/click` : ad.clickUrl);

function BannerText({ ad, shown }: { ad: LiveBannerAd; shown: boolean }) {
  // docs/rules.md §9 "Advertising": the whole title, and the text short enough to read at a glance.
  return (
    <>
      <strong className="banner-title" data-testid={shown ? 'banner-title' : undefined}>
        {ad.title}
      </strong>
      <span className="banner-text muted" data-testid={shown ? 'banner-text' : undefined} title={ad.content}>
        {bannerText(ad.content)}
      </span>
    </>
  );
}

/**
 * One ad in the banner's box. Every ad that can rotate in is laid in the same place and only the
 * current one is seen: the box is as tall as the tallest of them from the start, so the top bar and
 * the map under it never move as the ads turn (a click meant for one marker would land on its
 * neighbour).
 */
function BannerSlot({ ad, shown }: { ad: LiveBannerAd; shown: boolean }) {
  const href = hrefOf(ad);
  const hidden = shown ? undefined : true;
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer sponsored" aria-hidden={hidden} tabIndex={shown ? undefined : -1}>
      <BannerText ad={ad} shown={shown} />
    </a>
  ) : (
    <span aria-hidden={hidden}>
      <BannerText ad={ad} shown={shown} />
    </span>
  );
}

// The top bar's banner: what the room shows this client (docs/rules.md §9: it rotates every 30
// seconds, and an ad aimed at a territory shows only in its region), with previous/next to browse
// the other active ads that reach the same region. Browsing is local and snaps back when the room
// moves on.
export function BannerRotator() {
  const live = useWorld((state) => state.banner);
  const region = useWorld((state) => state.bannerRegion);
  const active = useQuery(readQuery('/ads/active'));
  const [offset, setOffset] = useState(0);
  const show = useDialogs((state) => state.show);
  const visitor = useSession((state) => state.status === 'ready' && state.account === null);

  const ads: LiveBannerAd[] = (active.data ?? []).filter((ad) => bannerReaches(ad.region, region)).map(bannerOf);
  if (live && !ads.some((ad) => ad.id === live.id)) ads.unshift(live);
  const liveIndex = live ? ads.findIndex((ad) => ad.id === live.id) : 0;
  useEffect(() => setOffset(0), [live?.id]);
  const current = ads.length > 0 ? ads[(((liveIndex + offset) % ads.length) + ads.length) % ads.length] : null;

  return (
    <div className="banner" data-testid="banner" aria-label="Banner ads">
      <button
        className="icon-button"
        type="button"
        aria-label="Previous banner"
        disabled={ads.length < 2}
        onClick={() => setOffset((value) => value - 1)}
      >
        ‹
      </button>
      <div className="banner-body" aria-live="polite">
        {current ? (
          ads.map((ad) => <BannerSlot key={ad.id} ad={ad} shown={ad === current} />)
        ) : (
          <span className="muted">{active.isPending ? 'Loading banners…' : 'Your banner could be here.'}</span>
        )}
      </div>
      <button
        className="icon-button"
        type="button"
        aria-label="Next banner"
        disabled={ads.length < 2}
        onClick={() => setOffset((value) => value + 1)}
      >
        ›
      </button>
      {/* A visitor has no banner of its own to add: its ways to advertise by card are the quick actions' Advertise and the house ad. */}
      {!visitor && (
        <>
          <button className="button small" type="button" onClick={() => show({ kind: 'create-banner' })} title="Add a banner">
            + Banner
          </button>
          <button className="button small" type="button" onClick={() => show({ kind: 'banner-analytics' })} title="Banner analytics">
            Analytics
          </button>
        </>
      )}
    </div>
  );
}
