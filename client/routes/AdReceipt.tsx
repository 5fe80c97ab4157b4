import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { AdReceiptDto } from '../../schema/api/ads.ts';
import { bannerText } from '../../schema/rules/banner.ts';
import { REGION_LABELS } from '../../schema/rules/region.ts';
import { Screen } from '../admin/Screen.tsx';
import { ApiError } from '../api.ts';
import { formatDateTime, formatNumber } from '../format.ts';
import { AD_STATUS_LABELS } from '../payments/BannerAnalytics.tsx';
import '../payments/payments.css';

/**
 * How often the receipt reads its ad again. The banner-impressions job writes every 5 seconds, so
 * an impression shows here within about 10 s and a click within 5 s.
 */
const RECEIPT_REFRESH_MS = 5000;

/** An ad in one of these states shows no more and changes no more: its receipt stops reading it. */
const FINAL_STATUSES: ReadonlySet<AdReceiptDto['status']> = new Set(['completed', 'rejected', 'refunded']);

/** Whether the receipt still changes: not after an error (a 404 stays one) nor once its status is final. */
function stillChanging(receipt: AdReceiptDto | undefined, error: unknown): boolean {
  return !error && (receipt === undefined || !FINAL_STATUSES.has(receipt.status));
}

const STATUS_HINTS: Record<AdReceiptDto['status'], string> = {
  pending_payment: 'We are waiting for your payment to be confirmed.',
  in_review: 'Paid. The Wanakt reviews your ad within 24 hours, then it starts to show.',
  active: 'Your ad is showing in the banner.',
  completed: 'Every impression you bought has been delivered.',
  rejected: 'Your ad was not approved; your payment is being refunded.',
  refunded: 'Your ad was not approved and your payment was refunded.',
};

function Receipt({ receipt }: { receipt: AdReceiptDto }) {
  const delivered = receipt.impressions_wanted === 0 ? 0 : Math.round((receipt.impressions / receipt.impressions_wanted) * 100);
  return (
    <>
      <section className="panel card stack" aria-labelledby="receipt-status">
        <h2 id="receipt-status">
          Status: <span data-testid="receipt-status">{AD_STATUS_LABELS[receipt.status]}</span>
        </h2>
        <p>{STATUS_HINTS[receipt.status]}</p>
        <dl className="summary">
          <dt>Impressions</dt>
          <dd data-testid="receipt-impressions">
            {formatNumber(receipt.impressions)} of {formatNumber(receipt.impressions_wanted)} ({delivered}%)
          </dd>
          <dt>Clicks</dt>
          <dd data-testid="receipt-clicks">{formatNumber(receipt.clicks)}</dd>
          <dt>Shown in</dt>
          <dd data-testid="receipt-region">
            {receipt.region ? `${REGION_LABELS[receipt.region]} only (the region of ${receipt.territory_name})` : 'Everywhere'}
          </dd>
          {receipt.total_cost !== null && (
            <>
              <dt>Paid</dt>
              <dd>${receipt.total_cost}</dd>
            </>
          )}
          <dt>Ordered</dt>
          <dd>{formatDateTime(receipt.created_at)}</dd>
        </dl>
        <p className="muted">
          {stillChanging(receipt, null) ? `Updated every ${RECEIPT_REFRESH_MS / 1000} seconds. ` : ''}Keep this link: it is the only key to
          this page.
        </p>
      </section>
      <section className="panel card stack" aria-labelledby="receipt-ad">
        <h2 id="receipt-ad">Your ad as players see it</h2>
        <div className="ad-preview">
          <h3>{receipt.title}</h3>
          <p>{bannerText(receipt.content)}</p>
          {receipt.click_url && <p className="muted">{receipt.click_url}</p>}
        </div>
      </section>
    </>
  );
}

// docs/rules.md §4 "Advertise flow": the advertiser's receipt, opened by its link alone (no account).
export default function AdReceipt() {
  const { token = '' } = useParams();
  const receipt = useQuery<AdReceiptDto>({
    queryKey: ['/api/ad-receipts', token],
    refetchInterval: (query) => (stillChanging(query.state.data, query.state.error) ? RECEIPT_REFRESH_MS : false),
  });
  const unknown = receipt.error instanceof ApiError && receipt.error.status === 404;
  return (
    <Screen
      title="Your ad receipt"
      subtitle="Impressions, clicks and status of your banner ad."
      backLabel="Back to Map"
      testId="ad-receipt"
    >
      {receipt.data ? (
        <Receipt receipt={receipt.data} />
      ) : receipt.error ? (
        <p className="form-error" role="alert">
          {unknown
            ? 'No ad has this receipt link. Check that you copied the whole link.'
            : 'The receipt could not be loaded. Try again in a moment.'}
        </p>
      ) : (
        <p className="muted">Loading your receipt…</p>
      )}
    </Screen>
  );
}
