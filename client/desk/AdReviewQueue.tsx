import { AD_REVIEW_HOURS } from '../../schema/rules/ad-promises.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdReviewDto } from '../../schema/api/ads.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { reviewAd, serverMessageOr } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { formatDollars, formatDrk, formatNumber } from '../format.ts';
import { showToast } from '../state/toasts.ts';

/** Ads waiting for the Wanakt, oldest first, each shown as the banner will show it. */
export function AdReviewQueue() {
  const queryClient = useQueryClient();
  const queue = useQuery(readQuery('/ads/review'));
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(ad: AdReviewDto, approve: boolean) {
    setBusy(ad.id);
    try {
      await reviewAd(ad.id, approve);
      showToast({
        title: approve ? 'Ad Approved' : 'Ad Rejected',
        description: approve ? `"${ad.title}" is in the banner rotation` : `"${ad.title}" was rejected and refunded`,
      });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Review Failed', description: serverMessageOr(error, 'Could not record the review') });
    } finally {
      setBusy(null);
      await Promise.all(
        (['/ads/review', '/admin/audit'] as const).map((path) => queryClient.invalidateQueries({ queryKey: queryKeyOf(path) })),
      );
    }
  }

  return (
    <section className="panel card stack" aria-labelledby="ad-queue-heading" data-testid="ad-queue">
      <h2 id="ad-queue-heading">
        Ads in review{' '}
        {queue.data && (
          <span className="muted" data-testid="ad-queue-count">
            ({queue.data.length})
          </span>
        )}
      </h2>
      {queue.data && queue.data.length > 0 && (
        <p className="muted small">An ad not reviewed within {AD_REVIEW_HOURS} hours of its payment is refunded.</p>
      )}
      <QueryState queries={[queue]} what="the ads in review">
        {queue.data?.length === 0 && <p className="muted">No ad is waiting for review.</p>}
        <ul className="item-list">
          {queue.data?.map((ad) => (
            <li className="item desk-ad" key={ad.id} data-testid="ad-in-review">
              <div className="banner-preview" aria-label={`Preview of ${ad.title}`}>
                <strong>{ad.title}</strong>
                <span>{ad.content}</span>
                {ad.click_url && <span className="muted small">{ad.click_url}</span>}
              </div>
              <div className="muted small">
                {ad.buyer_username ?? ad.advertiser_name ?? 'Unknown advertiser'}
                {ad.advertiser_email ? ` · ${ad.advertiser_email}` : ''} · {formatNumber(ad.impressions_wanted)} impressions ·{' '}
                {ad.total_cost !== null ? formatDollars(Math.round(ad.total_cost * 100)) : formatDrk(ad.cost_drk ?? 0)}
                {ad.territory_name ? ` · on ${ad.territory_name}` : ''}
              </div>
              <div className="button-row">
                <button className="button primary" type="button" disabled={busy !== null} onClick={() => void decide(ad, true)}>
                  Approve
                </button>
                <button className="button" type="button" disabled={busy !== null} onClick={() => void decide(ad, false)}>
                  Reject and refund
                </button>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
