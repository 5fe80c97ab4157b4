export const AD_STATUSES = ['pending_payment', 'in_review', 'active', 'completed', 'rejected', 'refunded'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** An ad as the banner, the visit popup and the ad lists show it (SPEC §3 "Ad"). */
export interface AdDto {
  id: number;
  title: string;
  content: string;
  click_url: string | null;
  territory_id: number | null;
  impressions: number;
  impressions_wanted: number;
  clicks: number;
  /** What the buyer paid: in dollars for a card-paid ad, in DRK for a banner bought with DRK. */
  revenue: number;
  status: AdStatus;
}
