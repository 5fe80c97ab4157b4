import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMapView } from '../map/mapView.ts';
import { readQuery } from '../state/query.ts';

// A badge's countdown is in minutes: a tick every 30 s keeps it no more than half a minute behind.
const TICK_MS = 30_000;

/**
 * The running auctions and the offers the map marks (docs/rules.md §4), read again whenever an
 * auction or an offer changes anywhere (the room's `details`), their countdowns ticking.
 */
export function useMarketMarks(): void {
  const marks = useQuery(readQuery('/market/marks'));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!marks.data) return;
    useMapView.setState({
      marks: {
        auctionEnds: new Map(marks.data.auctions.map((auction) => [auction.territory_id, Date.parse(auction.ends_at)])),
        offered: new Set(marks.data.offered),
        now,
      },
    });
  }, [marks.data, now]);
}
