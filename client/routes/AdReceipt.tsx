import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CONFIRM_PARAM, type AdReceiptDto } from '../../schema/api/ads.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { bannerText } from '../../schema/rules/banner.ts';
import { REGION_LABELS } from '../../schema/rules/region.ts';
import { Screen } from '../admin/Screen.tsx';
import { ApiError, confirmAdAddress, serverMessageOr } from '../api.ts';
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

type Confirmation =
  { state: 'idle' } | { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'refused'; message: string };

/**
 * docs/rules.md §11 "Mail", "An advertiser's address": until the address given at checkout is
 * confirmed, only the receipt is mailed to it. The receipt mail's link carries the token that
 * confirms it; a button sends it, so a mail scanner that opens the link confirms nothing.
 */
function AddressConfirmation({ receipt, receiptToken }: { receipt: AdReceiptDto; receiptToken: string }) {
  const [params, setParams] = useSearchParams();
  const confirmToken = params.get(CONFIRM_PARAM);
  const queries = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'idle' });
  const confirm = (token: string) => {
    setConfirmation({ state: 'confirming' });
    confirmAdAddress(token).then(
      ({ email }) => {
        setConfirmation({ state: 'confirmed', email });
        const rest = new URLSearchParams(params);
        rest.delete(CONFIRM_PARAM);
        setParams(rest, { replace: true });
        void queries.invalidateQueries({ queryKey: queryKeyOf('/ad-receipts/:token', { token: receiptToken }) });
      },
      (error: unknown) => setConfirmation({ state: 'refused', message: serverMessageOr(error, 'The address could not be confirmed') }),
    );
  };
  // An ad bought with no address (a player's DRK banner) has nothing to confirm.
  if (receipt.address_confirmed === null) return null;
  if (receipt.address_confirmed || confirmation.state === 'confirmed') {
    return (
      <section className="panel card stack email-confirmation" data-testid="address-confirmation" data-state="confirmed" role="status">
        <h2>Your address is confirmed</h2>
        <p>
          {confirmation.state === 'confirmed' ? `${confirmation.email} will` : 'Your address will'} now be mailed this ad’s review result,
          its daily and final reports and any refund.
        </p>
      </section>
    );
  }
  const refused = confirmation.state === 'refused';
  return (
    <section
      className={`panel card stack email-confirmation${refused ? ' refused' : ''}`}
      data-testid="address-confirmation"
      data-state={confirmation.state === 'idle' ? 'unconfirmed' : confirmation.state}
      aria-labelledby="address-confirmation"
    >
      <h2 id="address-confirmation">Confirm your address to receive updates</h2>
      <p>
        Until you confirm it, the receipt is the only mail sent to the address you gave: the review result, the reports and any refund show
        on this page alone.
      </p>
      {refused && (
        <p className="form-error" role="alert">
          {confirmation.message.replace(/\.$/, '')}. Nothing was changed: use the whole link from your receipt mail.
        </p>
      )}
      {confirmToken ? (
        <p>
          <button
            type="button"
            className="button primary"
            disabled={confirmation.state === 'confirming'}
            onClick={() => confirm(confirmToken)}
          >
            {confirmation.state === 'confirming' ? 'Confirming…' : 'Confirm my address'}
          </button>
        </p>
      ) : (
        <p className="muted">Open the link in the receipt mail we sent you to confirm it.</p>
      )}
    </section>
  );
}

function Receipt({ receipt, receiptToken }: { receipt: AdReceiptDto; receiptToken: string }) {
  const delivered = receipt.impressions_wanted === 0 ? 0 : Math.round((receipt.impressions / receipt.impressions_wanted) * 100);
  return (
    <>
      <AddressConfirmation receipt={receipt} receiptToken={receiptToken} />
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
          {stillChanging(receipt, null) ? `Updated every ${RECEIPT_REFRESH_MS / 1000} seconds. ` : ''}Keep this link, or the one in your
          receipt mail: either opens this page, and nothing else does.
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
  const receipt = useQuery({
    ...readQuery('/ad-receipts/:token', { token }),
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
        <Receipt receipt={receipt.data} receiptToken={token} />
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
