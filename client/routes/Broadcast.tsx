import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLoginHere, useRegisterHere } from '../hud/LoginRequired.tsx';
import type { BroadcastAllowanceDto, BroadcastDto } from '../../schema/api/broadcasts.ts';
import type { CheckoutDto } from '../../schema/api/payments.ts';
import { BROADCAST_MAX_LENGTH, BROADCAST_PRICE_CENTS } from '../../schema/rules/store.ts';
import { Screen } from '../admin/Screen.tsx';
import { ApiError, cancelCheckout, payForBroadcast, read, sendBroadcast, serverMessageOr } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { plainList, readQuery } from '../state/query.ts';
import { formatDateTime, formatDollars, formatDrk, formatNumber } from '../format.ts';
import { PaymentForm } from '../payments/PaymentForm.tsx';
import { useSession } from '../state/session.ts';
import { goLive } from '../state/world.ts';
import { showToast } from '../state/toasts.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const PRICE = formatDollars(BROADCAST_PRICE_CENTS);

/**
 * How long after paying the screen keeps reading the broadcast's reach: every game process adds the
 * players it delivered to every 2 s, so the figure grows for a while after the first non-zero one.
 */
const REACH_WAIT_MS = 15_000;

/**
 * How much earlier than the screen's payment moment the server may date the broadcast (the payment
 * sends it, and the two clocks differ). A player sends one broadcast a day, so an older one with the
 * same text is never within this.
 */
const CLOCK_SKEW_MS = 60_000;

/** What the payment sent, as the recent list has it (its reach counted by the live rooms), or null until it is there. */
function sentBroadcast(broadcasts: BroadcastDto[] | undefined, sent: Sent | null): BroadcastDto | null {
  if (!sent) return null;
  return (
    broadcasts?.find(
      (broadcast) =>
        broadcast.sender_id === sent.senderId &&
        broadcast.message === sent.message &&
        Date.parse(broadcast.created_at) >= sent.at - CLOCK_SKEW_MS,
    ) ?? null
  );
}

interface Sent {
  senderId: string;
  message: string;
  at: number;
}

/** The on-screen receipt of a paid broadcast: it went out, to how many. */
function SentConfirmation({ broadcast, onAnother }: { broadcast: BroadcastDto | null; onAnother: () => void }) {
  return (
    <div className="stack" role="status" data-testid="broadcast-sent">
      <p>
        <strong>Paid and sent.</strong>{' '}
        {broadcast
          ? `Your broadcast went out to every territory and reached ${formatNumber(broadcast.reach_count)} ${broadcast.reach_count === 1 ? 'player' : 'players'} online.`
          : 'Your broadcast is going out to every territory…'}
      </p>
      {broadcast && <p className="muted small">“{broadcast.message}”</p>}
      <button className="button" type="button" onClick={onAnother}>
        Done
      </button>
    </div>
  );
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

// docs/rules.md §4 "Broadcast flow": write, pay $1, and the payment sends it; the screen confirms it with its reach.
export default function Broadcast() {
  const account = useSession((state) => state.account);
  const login = useLoginHere();
  const register = useRegisterHere();
  const [search] = useSearchParams();
  const [message, setMessage] = useState('');
  const [paid, setPaid] = useState(false);
  const [limitReached, setLimitReached] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<CheckoutDto | null>(null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  // The room tells when a broadcast goes out, from this player or any other; after paying, the
  // list is read every second for REACH_WAIT_MS, so the reach shows as the processes add to it.
  const recent = useQuery({
    ...readQuery('/broadcasts/recent'),
    select: plainList,
    refetchInterval: () => (sent !== null && Date.now() - sent.at < REACH_WAIT_MS ? 1000 : false),
  });
  const mine = sentBroadcast(recent.data, sent);

  useEffect(goLive, []);

  // The paid state lives on the server, so it survives a reload and the provider's return address.
  const accountId = account?.id;
  const returnedPaid = search.get('success') === 'true';
  const [resumed, setResumed] = useState<string | null>(null);
  /** A checkout started earlier, on this page or another, comes back with its message, to pay or cancel. */
  const resume = useCallback((allowance: BroadcastAllowanceDto) => {
    if (!allowance.open_checkout) return false;
    setCheckout(allowance.open_checkout.checkout);
    setMessage(allowance.open_checkout.message);
    setResumed(allowance.open_checkout.started_at);
    return true;
  }, []);
  useEffect(() => {
    if (!accountId) return;
    read('/broadcasts/allowance').then(
      (allowance) => {
        setPaid(allowance.paid);
        setLimitReached(allowance.limit_reached);
        resume(allowance);
        // Back from a redirecting payment method: the day's broadcast spent means the payment sent it.
        if (returnedPaid && allowance.limit_reached !== null)
          showToast({ title: 'Broadcast Sent', description: 'Your payment sent your broadcast to every territory.' });
      },
      () => setPaid(false),
    );
  }, [accountId, returnedPaid, resume]);

  function ready(): string | null {
    const text = message.trim();
    if (!text) {
      showToast({ variant: 'destructive', title: 'Message Required', description: 'Please enter a message to broadcast' });
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
      // Another tab started one meanwhile: show it here, to pay or cancel, rather than a failure.
      if (error instanceof ApiError && error.status === 409 && resume(await read('/broadcasts/allowance'))) return;
      // A refusal of the daily limit comes before any card is asked for: nothing failed to pay.
      const limited = error instanceof ApiError && error.status === 429;
      showToast({
        variant: 'destructive',
        title: limited ? 'Daily Limit Reached' : 'Payment Failed',
        description: serverMessageOr(error, 'Failed to process payment'),
      });
    } finally {
      setBusy(false);
    }
  }

  /** Backs out of the card step: the server cancels the checkout, so paying again right after opens a new one. */
  async function cancelPayment(open: CheckoutDto) {
    setBusy(true);
    try {
      await cancelCheckout(open.paymentIntentId);
      setCheckout(null);
      setResumed(null);
      showToast({ title: 'Payment Canceled', description: 'Nothing was charged. Your message is still here to send later.' });
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Could Not Cancel',
        description: serverMessageOr(error, 'The payment could not be canceled.'),
      });
    } finally {
      setBusy(false);
    }
  }

  function paidAndSent(text: string) {
    if (!account) return;
    setCheckout(null);
    setResumed(null);
    setSent({ senderId: account.id, message: text, at: Date.now() });
    setMessage('');
    // No toast of its own: the confirmation below says it, and the payment's notice arrives as a toast.
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('/broadcasts/recent') });
    void read('/broadcasts/allowance').then(
      (allowance) => setLimitReached(allowance.limit_reached),
      () => undefined,
    );
  }

  /** Sends a broadcast paid for before payments sent their broadcast (the server still holds the right). */
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
      void read('/broadcasts/allowance').then(
        (allowance) => setLimitReached(allowance.limit_reached),
        () => undefined,
      );
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Broadcast Failed',
        description: serverMessageOr(error, 'Your broadcast could not be sent.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Screen
      title="Global Broadcast"
      subtitle={`Send one message to every territory for ${PRICE}. One broadcast per player per day.`}
      backLabel="Back to Map"
      testId="broadcast"
    >
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
          {sent ? (
            <SentConfirmation broadcast={mine} onAnother={() => setSent(null)} />
          ) : checkout ? (
            <div className="stack" data-testid="broadcast-payment">
              {resumed && (
                <p className="notice-line" role="status" data-testid="broadcast-resumed">
                  You started paying for this broadcast at {formatDateTime(resumed)}: pay below to send it, or cancel the payment.
                </p>
              )}
              <p>
                Pay {PRICE} and your message goes out to every territory at once: the payment sends it. One broadcast per player per day.
              </p>
              <PaymentForm
                checkout={checkout}
                payLabel={`Pay ${PRICE} and send`}
                returnPath="/broadcast?success=true"
                onPaid={() => paidAndSent(message.trim())}
              />
              <button className="button" type="button" onClick={() => void cancelPayment(checkout)} disabled={busy}>
                Cancel payment
              </button>
            </div>
          ) : paid ? (
            <button className="button primary" type="button" onClick={() => void send()} disabled={busy}>
              {busy ? 'Sending…' : 'Send your paid broadcast'}
            </button>
          ) : !account ? (
            <Link className="button primary" to={login} aria-describedby="broadcast-account">
              Log in to broadcast
            </Link>
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
            <p className="muted" id="broadcast-account">
              Broadcasting needs an account. <Link to={register}>Register</Link> or <Link to={login}>log in</Link>.
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
