// docs/rules.md §9 "Advertising": one viewer shown a paid banner for one rotation slot is one
// impression. The rooms of a process note here whom they showed which ad; the banner-impressions
// job alone writes them (one place writes the counts, not every room), and the database's key
// (ad, slot, viewer) counts a viewer once however many processes showed it the ad.

export interface ShownBanner {
  adId: number;
  slot: number;
  /** Whom it counts for: `player:<id>`, or `address:<address key>` for a visitor (rooms/room-banners.ts). */
  viewer: string;
}

const keyOf = ({ adId, slot, viewer }: ShownBanner) => `${adId}|${slot}|${viewer}`;

/** What this process's rooms showed since the job last took it; the same showing noted twice is one. */
export class ImpressionTally {
  private pending = new Map<string, ShownBanner>();

  note(shown: ShownBanner): void {
    if (shown.adId > 0) this.pending.set(keyOf(shown), shown);
  }

  /** Hands over everything noted so far and starts afresh. */
  take(): ShownBanner[] {
    const taken = [...this.pending.values()];
    this.pending = new Map();
    return taken;
  }

  /** Puts back what could not be written, to be written with the next run. */
  putBack(shown: readonly ShownBanner[]): void {
    for (const item of shown) this.pending.set(keyOf(item), item);
  }
}
