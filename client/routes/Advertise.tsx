import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AdPurchaseDto } from '../../schema/api/ads.ts';
import type { PaymentStatusDto } from '../../schema/api/payments.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { AD_IMPRESSIONS, AD_RATE_CARD, AD_TARGET_TYPES, adRateCents, adTotalDollars } from '../../schema/rules/store.ts';
import { REGION_LABELS, regionOf } from '../../schema/rules/region.ts';
import { AD_MAX_RUN_DAYS } from '../../schema/rules/ad-promises.ts';
import { Screen } from '../admin/Screen.tsx';
import { formatNumber } from '../format.ts';
import { purchaseAd, read, serverMessageOr } from '../api.ts';
import { PaymentForm } from '../payments/PaymentForm.tsx';
import { showToast } from '../state/toasts.ts';
import { loadTerritories, useWorld } from '../state/world.ts';

interface AdDraft {
  advertiserName: string;
  email: string;
  title: string;
  content: string;
  url: string;
  territoryId: string;
  impressions: number;
}

const EMPTY: AdDraft = {
  advertiserName: '',
  email: '',
  title: '',
  content: '',
  url: '',
  territoryId: '',
  impressions: AD_IMPRESSIONS.default,
};

const labelOf = (type: TerritoryDto['type']) => AD_RATE_CARD.find((row) => row.type === type)?.label ?? type;

/** docs/rules.md §9 "Advertising": an ad aimed at a territory shows only in its region, and checkout says so. */
function Audience({ territory }: { territory: TerritoryDto }) {
  const region = regionOf(Number(territory.latitude), Number(territory.longitude));
  return (
    <>
      <dt>Shown in</dt>
      <dd data-testid="ad-audience">
        {region
          ? `${REGION_LABELS[region]} only: players whose map looks at ${REGION_LABELS[region]}, or whose land is mostly there`
          : 'Everywhere: this place lies in no region'}
      </dd>
    </>
  );
}

function RateCard() {
  return (
    <section className="rate-card" aria-label="Rate card">
      {AD_RATE_CARD.map((row) => (
        <div key={row.type} className="panel rate">
          <strong>{adRateCents(row.type)}¢</strong>
          <span>{row.label}</span>
          <span className="muted"> per impression</span>
        </div>
      ))}
    </section>
  );
}

/** After the provider's return address: says what the server knows, never what the browser claims. */
function PaidNotice({ paymentIntentId }: { paymentIntentId: string | null }) {
  const [status, setStatus] = useState<PaymentStatusDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!paymentIntentId) return;
    read('/payments/intent/:paymentId', { paymentId: paymentIntentId }).then(setStatus, () => setFailed(true));
  }, [paymentIntentId]);

  let text = 'Checking your payment…';
  if (!paymentIntentId || failed) text = 'We could not find a payment for this ad. If you paid, you will receive a confirmation by email.';
  else if (status?.status === 'succeeded') text = 'Payment received. Your ad is now in review and will be activated within 24 hours.';
  else if (status?.status === 'pending')
    text = 'Your payment is still being confirmed by the payment provider. Your ad goes into review as soon as it is.';
  else if (status) text = `Your payment did not go through: ${status.message ?? status.status}.`;
  return (
    <section className="panel card stack" data-testid="ad-paid" role="status">
      <h2>Thank you</h2>
      <p>{text}</p>
    </section>
  );
}

// docs/rules.md §2 "Advertise": a rate card, then create, then payment.
export default function Advertise() {
  const territories = useWorld((state) => state.territories);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AdDraft>(EMPTY);
  const [order, setOrder] = useState<AdPurchaseDto | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadTerritories();
  }, []);

  const targets = territories
    .filter((territory) => AD_TARGET_TYPES.includes(territory.type))
    .sort((a, b) => AD_TARGET_TYPES.indexOf(a.type) - AD_TARGET_TYPES.indexOf(b.type) || a.name.localeCompare(b.name));
  const target = targets.find((territory) => String(territory.id) === draft.territoryId) ?? null;
  const total = adTotalDollars(target?.type ?? null, draft.impressions);
  const set = (change: Partial<AdDraft>) => setDraft((current) => ({ ...current, ...change }));

  async function proceed() {
    if (!draft.title.trim() || !draft.content.trim() || !target || !draft.email.trim()) {
      showToast({ variant: 'destructive', title: 'Missing Information', description: 'Please fill in all required fields' });
      return;
    }
    setBusy(true);
    try {
      setOrder(
        await purchaseAd({
          title: draft.title.trim(),
          content: draft.content.trim(),
          click_url: draft.url.trim() || null,
          territory_id: target.id,
          advertiser_name: draft.advertiserName.trim() || null,
          advertiser_email: draft.email.trim(),
          impressions_wanted: draft.impressions,
          total_cost: total,
        }),
      );
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to process payment') });
    } finally {
      setBusy(false);
    }
  }

  if (search.get('success') === 'true') {
    return (
      <Screen title="Advertise in Wanakt World" backLabel="Back to Map" testId="advertise">
        <PaidNotice paymentIntentId={search.get('payment_intent')} />
      </Screen>
    );
  }

  return (
    <Screen
      title="Advertise in Wanakt World"
      subtitle="Reach players where they play. No account needed."
      backLabel="Back to Map"
      testId="advertise"
    >
      <RateCard />
      {order && target ? (
        <section className="panel card checkout stack" data-testid="ad-payment">
          <h2>Order summary</h2>
          <dl className="summary">
            <dt>Ad title</dt>
            <dd>{draft.title.trim()}</dd>
            <dt>Territory</dt>
            <dd>{target.name}</dd>
            <Audience territory={target} />
            <dt>Impressions</dt>
            <dd>{formatNumber(draft.impressions)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">${order.total_cost}</dd>
          </dl>
          <PaymentForm
            checkout={order}
            payLabel={`Pay $${order.total_cost}`}
            returnPath={order.receipt_path}
            onPaid={() => navigate(order.receipt_path)}
          />
          <button className="button" type="button" onClick={() => setOrder(null)}>
            Back to Edit
          </button>
          <ul className="assurances">
            <li>Secure payment: your card details go to the payment provider, never to us.</li>
            <li>Your ad is reviewed and activated within 24 hours; if it is not, your payment is refunded in full.</li>
            <li>
              Analytics by email: a receipt with a link to your ad&apos;s impressions, clicks and status, a daily report while it runs and a
              final report when it ends. No account needed.
            </li>
            <li>
              Full refund if impressions are not delivered: your ad runs for at most {AD_MAX_RUN_DAYS} days from its approval, and the share
              of the impressions not delivered by then is refunded.
            </li>
          </ul>
        </section>
      ) : (
        <form
          className="two-columns"
          data-testid="ad-create"
          onSubmit={(event) => {
            event.preventDefault();
            void proceed();
          }}
          noValidate
        >
          <section className="panel card form">
            <h2>Your ad</h2>
            <label className="field">
              <span>Advertiser name (optional)</span>
              <input
                name="advertiser_name"
                value={draft.advertiserName}
                maxLength={100}
                onChange={(event) => set({ advertiserName: event.target.value })}
              />
            </label>
            <label className="field">
              <span>Email *</span>
              <input
                name="advertiser_email"
                type="email"
                value={draft.email}
                maxLength={254}
                onChange={(event) => set({ email: event.target.value })}
              />
            </label>
            <label className="field">
              <span>Ad title *</span>
              <input name="title" value={draft.title} maxLength={100} onChange={(event) => set({ title: event.target.value })} />
            </label>
            <label className="field">
              <span>Ad content *</span>
              <textarea
                name="content"
                rows={4}
                value={draft.content}
                maxLength={1000}
                onChange={(event) => set({ content: event.target.value })}
              />
            </label>
            <label className="field">
              <span>Website URL (optional)</span>
              <input
                name="click_url"
                type="url"
                placeholder="https://"
                value={draft.url}
                maxLength={2000}
                onChange={(event) => set({ url: event.target.value })}
              />
            </label>
          </section>
          <section className="panel card form">
            <h2>Targeting</h2>
            <label className="field">
              <span>Target territory *</span>
              <select name="territory_id" value={draft.territoryId} onChange={(event) => set({ territoryId: event.target.value })}>
                <option value="">Choose a territory</option>
                {AD_TARGET_TYPES.map((type) => (
                  <optgroup key={type} label={`${labelOf(type)}: ${adRateCents(type)}¢ per impression`}>
                    {targets
                      .filter((territory) => territory.type === type)
                      .map((territory) => (
                        <option key={territory.id} value={territory.id}>
                          {territory.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Impressions</span>
              <input
                name="impressions_wanted"
                type="number"
                min={AD_IMPRESSIONS.min}
                max={AD_IMPRESSIONS.max}
                step={100}
                value={draft.impressions}
                onChange={(event) => {
                  // docs/rules.md §5: a value that is not a number falls back to the default.
                  const value = Number.parseInt(event.target.value, 10);
                  set({ impressions: Number.isNaN(value) ? AD_IMPRESSIONS.default : value });
                }}
              />
            </label>
            {target && (
              <dl className="summary" data-testid="cost-breakdown">
                <dt>Territory</dt>
                <dd>{target.name}</dd>
                <dt>Type</dt>
                <dd>{labelOf(target.type)}</dd>
                <Audience territory={target} />
                <dt>Impressions</dt>
                <dd>{formatNumber(draft.impressions)}</dd>
                <dt>Rate</dt>
                <dd>{adRateCents(target.type)}¢ per impression</dd>
                <dt className="total">Total</dt>
                <dd className="total">${total}</dd>
              </dl>
            )}
            {draft.title.trim() && draft.content.trim() && (
              <div className="ad-preview" data-testid="ad-preview">
                <p className="section-label">Preview</p>
                <h3>{draft.title.trim()}</h3>
                <p>{draft.content.trim()}</p>
                {draft.url.trim() && <p className="muted">{draft.url.trim()}</p>}
              </div>
            )}
            <button className="button primary" type="submit" disabled={busy}>
              Proceed to Payment (${total})
            </button>
          </section>
        </form>
      )}
    </Screen>
  );
}
