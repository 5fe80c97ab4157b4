import type { AdDto } from '../../../schema/api/ads.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { Work } from '../service-deps.ts';
import { readAd, toAdDto } from './ad-rows.ts';
import { AD_TARGET_TYPES, adRateCents } from '../../../schema/rules/store.ts';

// The room's banner (docs/rules.md §9: it rotates every 30 seconds). Time is cut into slots of
// BANNER_SECONDS; whichever process inserts a slot's row first rotates it, so a slot turns once
// however many processes run the job. The job opens the transaction and announces the rotation.

/**
 * The game's own ads, shown when no paid ad is active. They have no ads row: negative ids and no
 * territory tell them apart, and their impressions are not counted.
 */
export const HOUSE_ADS: readonly AdDto[] = [
  {
    id: -1,
    title: 'Top up your treasury',
    content: 'DRK packages from 500 to 10,000 DRK: buy territories, upgrades and collectibles.',
    click_url: '/drk-store',
  },
  {
    id: -2,
    title: 'Advertise in Wanakt World',
    // Every ad is shown in its target's region (docs/rules.md §9), at the rate of the places one can target.
    content: `Put your banner before the players of the region you choose, from ${Math.min(...AD_TARGET_TYPES.map(adRateCents))}¢ an impression.`,
    click_url: '/advertise',
  },
  {
    id: -3,
    title: 'Territories for sale',
    content: 'Cities, towns and villages are waiting for a ruler. Claim yours in the marketplace.',
    click_url: '/marketplace',
  },
].map((ad) => ({
  ...ad,
  territory_id: null,
  region: null,
  impressions: 0,
  impressions_wanted: 0,
  clicks: 0,
  revenue: 0,
  status: 'active' as const,
}));

// A day of slots at 30 seconds; older rows only take room.
const KEPT_SLOTS = 2880;

export function bannerSlotOf(moment: Date, bannerSeconds: number): number {
  return Math.floor(moment.getTime() / 1000 / bannerSeconds);
}

interface SlotRow {
  ad_id: number | null;
  house_ad_id: number | null;
}

async function adOfSlot(sql: Queryable, row: SlotRow): Promise<AdDto | null> {
  if (row.house_ad_id !== null) return HOUSE_ADS.find((ad) => ad.id === row.house_ad_id) ?? null;
  const ad = await readAd(sql, row.ad_id!);
  return ad ? toAdDto(ad) : null;
}

/** Round-robin: the active ad after the one shown last, by id; the house ads take turns when none is active. */
async function nextAfter(sql: Queryable, previous: SlotRow | undefined): Promise<SlotRow> {
  const after = previous?.ad_id ?? 0;
  const [paid] = await sql<{ id: number }[]>`
    select id from ads
     where status = 'active' and impressions_delivered < impressions_wanted
     order by case when id > ${after} then 0 else 1 end, id
     limit 1`;
  if (paid) return { ad_id: paid.id, house_ad_id: null };
  const shown = HOUSE_ADS.findIndex((ad) => ad.id === previous?.house_ad_id);
  return { ad_id: null, house_ad_id: HOUSE_ADS[(shown + 1) % HOUSE_ADS.length].id };
}

export interface BannerRotation {
  slot: number;
  /** Whether this call rotated the slot; false when another process (or an earlier call) did. */
  rotated: boolean;
  /** What the slot shows, or null when a later slot has already been rotated. */
  ad: AdDto | null;
}

/**
 * Rotates the banner for one slot, at most once across every process: the slot's row is inserted
 * with `on conflict do nothing`, and a slot older than one already rotated is not rotated at all
 * (a process with a lagging clock cannot turn the banner back). Only the winner (`rotated`)
 * announces it; older slots' rows and impressions are dropped then.
 */
export async function rotateBanner({ tx: sql, now }: Work, slot: number): Promise<BannerRotation> {
  const [previous] = await sql<SlotRow[]>`select ad_id, house_ad_id from banner_slots where slot < ${slot} order by slot desc limit 1`;
  const next = await nextAfter(sql, previous);
  const inserted = await sql`
    insert into banner_slots (slot, ad_id, house_ad_id, rotated_at)
    select ${slot}, ${next.ad_id}, ${next.house_ad_id}, ${now}
     where not exists (select 1 from banner_slots where slot >= ${slot})
    on conflict (slot) do nothing
    returning slot`;
  if (inserted.length === 0) {
    const [existing] = await sql<SlotRow[]>`select ad_id, house_ad_id from banner_slots where slot = ${slot}`;
    return { slot, rotated: false, ad: existing ? await adOfSlot(sql, existing) : null };
  }
  await sql`delete from banner_slots where slot < ${slot - KEPT_SLOTS}`;
  await sql`delete from ad_impressions where slot < ${slot - KEPT_SLOTS}`;
  return { slot, rotated: true, ad: await adOfSlot(sql, next) };
}

/** What one slot shows; `ad` is null when its ad is gone. */
export interface SlotBanner {
  slot: number;
  ad: AdDto | null;
}

/** The banner of the latest rotated slot, for a room that starts mid-slot; null before the first rotation. */
export async function currentBanner(sql: Queryable): Promise<SlotBanner | null> {
  const [latest] = await sql<
    (SlotRow & { slot: string })[]
  >`select slot::text, ad_id, house_ad_id from banner_slots order by slot desc limit 1`;
  return latest ? { slot: Number(latest.slot), ad: await adOfSlot(sql, latest) } : null;
}
