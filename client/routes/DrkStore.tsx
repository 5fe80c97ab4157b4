import { useEffect, useState } from 'react';
import type { CheckoutDto, DrkPackageDto } from '../../schema/api/payments.ts';
import { Screen } from '../admin/Screen.tsx';
import { purchaseDrk, read, serverMessageOr } from '../api.ts';
import { formatDollars as dollars, formatDrk } from '../format.ts';
import { LoginRequired } from '../hud/LoginRequired.tsx';
import { PaymentForm } from '../payments/PaymentForm.tsx';
import { loadSession, useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

function PackageCard({ pkg, onBuy, busy }: { pkg: DrkPackageDto; onBuy: () => void; busy: boolean }) {
  return (
    <article className={pkg.bestValue ? 'panel card package-card best' : 'panel card package-card'} data-testid={`package-${pkg.id}`}>
      <div className="spread">
        <h2>{pkg.name}</h2>
        <div className="row">
          {pkg.popular && <span className="badge accent">Most Popular</span>}
          {pkg.bestValue && <span className="badge accent">Best Value</span>}
        </div>
      </div>
      <p className="package-drk">{formatDrk(pkg.drk)}</p>
      <p className="package-price">{dollars(pkg.priceCents)}</p>
      <p className="muted">{pkg.description}</p>
      {pkg.exceedsSupply ? (
        <button className="button" type="button" disabled>
          Exceeds Supply
        </button>
      ) : (
        <button className="button primary" type="button" onClick={onBuy} disabled={busy}>
          Buy {pkg.name}
        </button>
      )}
    </article>
  );
}

// docs/rules.md §4 "DRK purchase": package selection, purchase intent, checkout form, then back to the store
// with the user refreshed.
export default function DrkStore() {
  const account = useSession((state) => state.account);
  const sessionStatus = useSession((state) => state.status);
  const [packages, setPackages] = useState<DrkPackageDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ pkg: DrkPackageDto; intent: CheckoutDto } | null>(null);
  const [starting, setStarting] = useState(false);

  async function refreshPackages() {
    try {
      setPackages(await read('/drk/packages'));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  }

  useEffect(() => {
    void refreshPackages();
  }, []);

  async function buy(pkg: DrkPackageDto) {
    if (!account) {
      showToast({ variant: 'destructive', title: 'Login Required', description: 'Please log in to buy DRK' });
      return;
    }
    setStarting(true);
    try {
      setCheckout({ pkg, intent: await purchaseDrk(pkg.id, account.id) });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Purchase Failed', description: serverMessageOr(error, 'Failed to process payment') });
      void refreshPackages();
    } finally {
      setStarting(false);
    }
  }

  async function paid(pkg: DrkPackageDto) {
    setCheckout(null);
    showToast({ title: 'Payment Successful', description: `${formatDrk(pkg.drk)} have been added to your balance.` });
    await Promise.all([loadSession(), refreshPackages()]);
  }

  return (
    <Screen
      title="DRK Store"
      subtitle="Buy DRK with a card. Every DRK comes from the capped supply of 21,000,000."
      backLabel="Back to Map"
      testId="drk-store"
    >
      {sessionStatus === 'ready' && !account && <LoginRequired action="buy DRK" />}
      {account && <p className="muted">Your balance: {formatDrk(account.drk_balance)}</p>}
      {checkout ? (
        <section className="panel card checkout stack" data-testid="drk-checkout">
          <h2>Checkout</h2>
          <dl className="summary">
            <dt>Package</dt>
            <dd>{checkout.pkg.name}</dd>
            <dt>DRK</dt>
            <dd>{formatDrk(checkout.pkg.drk)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{dollars(checkout.intent.amountCents)}</dd>
          </dl>
          <PaymentForm
            checkout={checkout.intent}
            payLabel={`Pay ${dollars(checkout.intent.amountCents)}`}
            returnPath="/"
            onPaid={() => void paid(checkout.pkg)}
          />
          <button className="button" type="button" onClick={() => setCheckout(null)}>
            Back to Packages
          </button>
        </section>
      ) : loadError ? (
        <div className="panel notice" role="alert">
          <p>Could not load the DRK packages ({loadError}).</p>
          <button className="button" type="button" onClick={() => void refreshPackages()}>
            Try again
          </button>
        </div>
      ) : packages ? (
        <div className="card-grid">
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} busy={starting} onBuy={() => void buy(pkg)} />
          ))}
        </div>
      ) : (
        <p className="muted screen-loading">Loading DRK packages…</p>
      )}
    </Screen>
  );
}
