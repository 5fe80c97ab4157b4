import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BroadcastDto } from '../../schema/api/broadcasts.ts';
import type { CheckoutDto } from '../../schema/api/payments.ts';
import { BROADCAST_MAX_LENGTH, BROADCAST_PRICE_CENTS } from '../../schema/rules/store.ts';
import { Screen } from '../admin/Screen.tsx';
import { ApiError, broadcastAllowance, payForBroadcast, sendBroadcast, serverMessageOr } from '../api.ts';
import { formatDateTime, formatDollars, formatDrk, formatNumber } from '../format.ts';
import { PaymentForm } from '../payments/PaymentForm.tsx';
import { useSession } from '../state/session.ts';
import { goLive } from '../state/world.ts';
import { showToast } from '../state/toasts.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const PRICE = formatDollars(BROADCAST_PRICE_CENTS);

function paidToast() {
  showToast({ title: 'Payment Successful', description: 'You can now send your broadcast message!' });
}

function RecentBroadcasts({ broadcasts }: { broadcasts: BroadcastDto[] | undefined }) {
  if (!broadcasts) return <p className="muted">Loading recent broadcasts…</p>;
  if (broadcasts.length === 0) return <p className="muted empty">No recent broadcasts</p>;
  return (
    <ul className="item-list" data-testid="recent-broadcasts">
      {broadcasts.map((broadcast) => (
        <li key={broadcast.id} className="panel broadcast-item">
          <div className="spread">
            <strong>
              <PlayerLink name={broadcast.sender_name} />
            </strong>
            <span className="muted">
              {formatDateTime(broadcast.created_at)} · cost {formatDollars(broadcast.cost_cents)} ({formatDrk(broadcast.cost)}) · reached{' '}
              {formatNumber(broadcast.reach_count)}
            </span>
          </div>
          <p>{broadcast.message}</p>
        </li>
      ))}
    </ul>
  );
}

// docs/rules.md §4 "Broadcast flow": enter a message, pay $1, then the paid state, then send.
export default function Broadcast() {
  const account = useSession((state) => state.account);
  const [search] = useSearchParams();
  const [message, setMessage] = useState('');
  const [paid, setPaid] = useState(false);
  const [limitReached, setLimitReached] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<CheckoutDto | null>(null);
  const [busy, setBusy] = useState(false);
  // The room tells when a broadcast goes out, from this player or any other.
  const recent = useQuery<BroadcastDto[]>({ queryKey: ['/api/broadcasts/recent'] });

  useEffect(goLive, []);

  // The paid state lives on the server, so it survives a reload and the provider's return address.
  const accountId = account?.id;
  const returnedPaid = search.get('success') === 'true';
  useEffect(() => {
    if (!accountId) return;
    broadcastAllowance().then(
      (allowance) => {
        setPaid(allowance.paid);
        setLimitReached(allowance.limit_reached);
        if (allowance.paid && returnedPaid) paidToast();
      },
      () => setPaid(false),
    );
  }, [accountId, returnedPaid]);

  function ready(): string | null {
    const text = message.trim();
    if (!text) {
      showToast({ variant: 'destructive', title: 'Message Required', description: 'Please enter a message to broadcast' });
      return null;
    }
    if (!account) {
      showToast({ variant: 'destructive', title: 'Login Required', description: 'Please log in to send broadcasts' });
      return null;
    }
    return text;
  }

  async function startPayment() {
    const text = ready();
    if (!text || !account) return;
    setBusy(true);
    try {
      setCheckout(await payForBroadcast(account.id, text));
    } catch (error) {
      // A refusal of the daily limit comes before any card is asked for: nothing failed to pay.
      const limited = error instanceof ApiError && error.status === 429;
      showToast({ variant: 'destructive', title: limited ? 'Daily Limit Reached' : 'Payment Failed', description: serverMessageOr(error, 'Failed to process payment') });
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    const text = ready();
    if (!text || !account) return;
    setBusy(true);
    try {
      await sendBroadcast(account.id, text, paid);
      showToast({ title: 'Broadcast Sent', description: 'Your message has been sent to all territories!' });
      setMessage('');
      setPaid(false);
      // Only a hint for the button: the server refuses a second broadcast whatever the screen shows.
      void broadcastAllowance().then((allowance) => setLimitReached(allowance.limit_reached), () => undefined);
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Broadcast Failed', description: serverMessageOr(error, 'Your broadcast could not be sent.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen title="Global Broadcast" subtitle={`Send one message to every territory for ${PRICE}. One broadcast per player per day.`} backLabel="Back to Map" testId="broadcast">
      <div className="two-columns">
        <section className="panel card stack">
          <h2>Your message</h2>
          <label className="field">
            <span>Message</span>
            <textarea
              name="broadcast-message"
              rows={4}
              maxLength={BROADCAST_MAX_LENGTH}
              value={message}
              disabled={paid || checkout !== null}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="Hear ye, hear ye…"
            />
          </label>
          <p className="counter">
            {message.length}/{BROADCAST_MAX_LENGTH}
          </p>
          {checkout ? (
            <div className="stack">
              <PaymentForm
                checkout={checkout}
                payLabel={`Pay ${PRICE}`}
                returnPath="/broadcast?success=true"
                onPaid={() => {
                  setCheckout(null);
                  setPaid(true);
                  paidToast();
                }}
              />
              <button className="button" type="button" onClick={() => setCheckout(null)}>
                Cancel payment
              </button>
            </div>
          ) : paid ? (
            <button className="button primary" type="button" onClick={() => void send()} disabled={busy}>
              {busy ? 'Sending…' : 'Send Broadcast'}
            </button>
          ) : (
            <>
              <button
                className="button primary"
                type="button"
                onClick={() => void startPayment()}
                disabled={busy || limitReached !== null}
                aria-describedby={limitReached ? 'broadcast-limit' : undefined}
              >
                Pay {PRICE} to Broadcast
              </button>
              {limitReached && (
                <p className="muted small" id="broadcast-limit" data-testid="broadcast-limit">
                  {limitReached}
                </p>
              )}
            </>
          )}
          {!account && (
            <p className="muted">
              Broadcasting needs an account. <Link to="/register">Register</Link> or <Link to="/login">log in</Link>.
            </p>
          )}
        </section>
        <section className="panel card stack">
          <h2>Recent broadcasts</h2>
          <RecentBroadcasts broadcasts={recent.isError ? [] : recent.data} />
        </section>
      </div>
    </Screen>
  );
}
