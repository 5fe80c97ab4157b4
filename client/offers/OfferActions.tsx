import { useState, type ReactNode } from 'react';
import type { OfferDto } from '../../schema/api/offers.ts';
import { acceptCounter, answerOffer, counterOffer, serverMessageOr, type OfferAnswer } from '../api.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import { TradeHoldNotice, useTradeHold } from '../hud/TradeHoldNotice.tsx';
import { showToast } from '../state/toasts.ts';

// docs/rules.md §4 "Offers": one offer as a line, with what its viewer may do about it. What each
// answer changes reaches the screen through the room (offers.changed), never by reading again here.

/** Runs one offer (or auction) call and says how it went; `failure` is said when the server gives no reason. */
export function useOfferCall(failure = 'The offer could not be answered') {
  const [pending, setPending] = useState(false);
  async function run(title: string, call: () => Promise<OfferAnswer | { message: string }>): Promise<boolean> {
    setPending(true);
    try {
      showToast({ title, description: (await call()).message });
      return true;
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: `${title}: not done`,
        description: serverMessageOr(error, failure),
      });
      return false;
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}

/** One answer's button; every button of a line is off while any of its calls runs. */
function AnswerButton({
  primary,
  pending,
  onClick,
  children,
}: {
  primary?: boolean;
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button className={primary ? 'button small primary' : 'button small'} type="button" disabled={pending} onClick={onClick}>
      {children}
    </button>
  );
}

const STATUS_TEXT: Record<OfferDto['status'], string> = {
  open: 'open',
  accepted: 'accepted',
  declined: 'declined',
  withdrawn: 'withdrawn',
  expired: 'expired',
  voided: 'ended: the land changed hands',
};

/** The owner's answers to an open offer on its land: accept, decline (not while its counter binds it), counter. */
function OwnerAnswers({ offer }: { offer: OfferDto }) {
  const { pending, run } = useOfferCall();
  const held = useTradeHold();
  const [countering, setCountering] = useState(false);
  const [price, setPrice] = useState(String(offer.amount + 1));
  const bound = offer.counter_price !== null;
  if (countering)
    return (
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void run('Counter-offer sent', () => counterOffer(offer.id, Number(price))).then((done) => done && setCountering(false));
        }}
      >
        <label className="small">
          Your price (DRK){' '}
          <input
            className="input small"
            type="number"
            min={offer.amount + 1}
            step={1}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            aria-label="Counter price"
          />
        </label>
        <button className="button small primary" type="submit" disabled={pending}>
          Send counter
        </button>
        <button className="button small" type="button" onClick={() => setCountering(false)}>
          Cancel
        </button>
      </form>
    );
  return (
    <div className="button-row">
      <TradeHoldNotice action="accept an offer" />
      <AnswerButton primary pending={pending || held} onClick={() => void run('Offer accepted', () => answerOffer(offer.id, 'accept'))}>
        Accept
      </AnswerButton>
      {!bound && (
        <>
          <AnswerButton pending={pending} onClick={() => void run('Offer declined', () => answerOffer(offer.id, 'decline'))}>
            Decline
          </AnswerButton>
          <AnswerButton pending={pending} onClick={() => setCountering(true)}>
            Counter
          </AnswerButton>
        </>
      )}
    </div>
  );
}

/** The buyer's: withdraw, and take the owner's standing counter. */
function BuyerAnswers({ offer }: { offer: OfferDto }) {
  const { pending, run } = useOfferCall();
  const held = useTradeHold();
  return (
    <div className="button-row">
      {offer.counter_price !== null && <TradeHoldNotice action="accept a counter-offer" />}
      {offer.counter_price !== null && (
        <AnswerButton
          primary
          pending={pending || held}
          onClick={() => void run('Counter accepted', () => acceptCounter(offer.id, offer.counter_price!))}
        >
          Accept counter ({formatDrk(offer.counter_price)})
        </AnswerButton>
      )}
      <AnswerButton pending={pending} onClick={() => void run('Offer withdrawn', () => answerOffer(offer.id, 'withdraw'))}>
        Withdraw
      </AnswerButton>
    </div>
  );
}

/** One offer: who, how much, until when, its counter, and the viewer's answers while it is open. */
export function OfferLine({ offer, side, showTerritory }: { offer: OfferDto; side: 'buyer' | 'owner'; showTerritory: boolean }) {
  const who = side === 'owner' ? offer.buyer_name : offer.owner_name;
  return (
    <li className="offer-line" data-testid="offer-line" data-offer-id={offer.id} data-status={offer.status}>
      <div>
        <strong>{formatDrk(offer.amount)}</strong> {side === 'owner' ? 'from' : 'to'} {who}
        {showTerritory && <> for {offer.territory_name}</>}{' '}
        <span className="muted small">
          {offer.status === 'open' ? `until ${formatDateTime(offer.expires_at)}` : STATUS_TEXT[offer.status]}
        </span>
      </div>
      {offer.counter_price !== null && (
        <div className="small" data-testid="offer-counter">
          Counter: {formatDrk(offer.counter_price)} until {formatDateTime(offer.counter_expires_at!)}
        </div>
      )}
      {offer.status === 'open' && (side === 'owner' ? <OwnerAnswers offer={offer} /> : <BuyerAnswers offer={offer} />)}
    </li>
  );
}
