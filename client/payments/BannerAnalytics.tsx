import { useEffect, useState } from 'react';
import type { AdStatus, MyBannerDto } from '../../schema/api/ads.ts';
import { read } from '../api.ts';
import { formatDrk, formatNumber } from '../format.ts';
import '../admin.css';

export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  pending_payment: 'Awaiting payment',
  in_review: 'In review',
  active: 'Active',
  completed: 'Completed',
  rejected: 'Rejected',
  refunded: 'Refunded',
};

const clickRate = (clicks: number, impressions: number) => (impressions === 0 ? '–' : `${((clicks / impressions) * 100).toFixed(1)}%`);

/** The dashboard's banner-analytics modal: what each of the player's banners delivered and cost. */
export function BannerAnalytics() {
  const [banners, setBanners] = useState<MyBannerDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    read('/ads/mine').then(setBanners, (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  }, []);

  if (error)
    return (
      <p className="form-error" role="alert">
        Could not load your banners ({error}).
      </p>
    );
  if (!banners) return <p className="muted">Loading your banners…</p>;
  if (banners.length === 0) return <p className="muted empty">No banners yet. Create one to see its impressions and clicks here.</p>;

  const totals = banners.reduce(
    (sum, banner) => ({
      impressions: sum.impressions + banner.impressions,
      clicks: sum.clicks + banner.clicks,
      spend: sum.spend + banner.cost_drk,
    }),
    { impressions: 0, clicks: 0, spend: 0 },
  );
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="banner-analytics">
        <thead>
          <tr>
            <th>Banner</th>
            <th>Status</th>
            <th className="number">Impressions</th>
            <th className="number">Clicks</th>
            <th className="number">Click rate</th>
            <th className="number">Spend</th>
          </tr>
        </thead>
        <tbody>
          {banners.map((banner) => (
            <tr key={banner.id}>
              <td>{banner.title}</td>
              <td>{AD_STATUS_LABELS[banner.status]}</td>
              <td className="number">
                {formatNumber(banner.impressions)} / {formatNumber(banner.impressions_wanted)}
              </td>
              <td className="number">{formatNumber(banner.clicks)}</td>
              <td className="number">{clickRate(banner.clicks, banner.impressions)}</td>
              <td className="number">{formatDrk(banner.cost_drk)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th />
            <th className="number">{formatNumber(totals.impressions)}</th>
            <th className="number">{formatNumber(totals.clicks)}</th>
            <th className="number">{clickRate(totals.clicks, totals.impressions)}</th>
            <th className="number">{formatDrk(totals.spend)}</th>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
