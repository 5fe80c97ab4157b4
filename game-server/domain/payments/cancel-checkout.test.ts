import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../economy/supply.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { testBackends } from '../../testing/databases.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { startStripeGame, type StripeGame } from '../../testing/payments/stripe-game.ts';

// A player backs out of an unpaid checkout, and a new one opens at once.
for (const backend of testBackends()) {
  describe(`canceling an unpaid checkout, on ${backend.name}`, () => {
    let game: StripeGame;
    beforeAll(async () => {
      game = await startStripeGame(backend);
    });
    afterAll(() => game?.stop());

    const row = async (id: string) =>
      (await game.database.sql`select status, failure_message, refund_id from payments where id = ${id}`)[0];
    const broadcastsOf = async (userId: string) =>
      (await game.database.sql`select message from broadcasts where sender_id = ${userId}`).map((b) => b.message);
    const open = async (agent: TestAgent, userId: string, message: string) => {
      const response = await agent.post('/api/broadcasts/payment', { userId, message });
      expect(response.status).toBe(201);
      return response.body.paymentIntentId as string;
    };

    it('when a player cancels their open broadcast checkout, then it is canceled at Stripe and here, and a new checkout opens at once', async () => {
      const crier = await signedInPlayer(game);
      const first = await open(crier.agent, crier.id, 'First thoughts');
      expect((await crier.agent.post('/api/broadcasts/payment', { userId: crier.id, message: 'Again' })).status).toBe(409);
      const canceled = await crier.agent.post(`/api/payments/${first}/cancel`);
      expect(canceled).toMatchObject({
        status: 200,
        body: { id: first, purpose: 'broadcast', status: 'canceled', amountCents: 100, message: 'Canceled by the player' },
      });
      expect(game.stripe.intents.get(first)?.status).toBe('canceled');
      const second = await open(crier.agent, crier.id, 'Second thoughts');
      expect(second).not.toBe(first);
      expect(await crier.agent.post(`/api/payments/${first}/cancel`)).toMatchObject({
        status: 409,
        body: { message: 'This payment is already canceled: it can no longer be canceled' },
      });
      // Stripe's own canceled event changes nothing more.
      expect((await game.deliver(game.eventFor('payment_intent.canceled', first))).body.outcome).toBe('unchanged');
    });

    it("when a player cancels another player's checkout or an unknown one, then 403 or 404 and nothing changes", async () => {
      const owner = await signedInPlayer(game);
      const stranger = await signedInPlayer(game);
      const id = await open(owner.agent, owner.id, 'Mine alone');
      expect(await stranger.agent.post(`/api/payments/${id}/cancel`)).toMatchObject({
        status: 403,
        body: { message: 'Only the player who started this payment can cancel it' },
      });
      expect(await owner.agent.post('/api/payments/pi_nobody/cancel')).toMatchObject({
        status: 404,
        body: { message: 'Payment not found' },
      });
      expect(await game.agent().post(`/api/payments/${id}/cancel`)).toMatchObject({ status: 401 });
      expect(await row(id)).toMatchObject({ status: 'pending', failure_message: null });
      expect(game.stripe.intents.get(id)?.status).toBe('requires_payment_method');
    });

    it('when the payment is paid (settled, or paid at Stripe with its webhook still on the way), then canceling answers 409 and the payment is honoured', async () => {
      const crier = await signedInPlayer(game);
      const id = await open(crier.agent, crier.id, 'Paid in time');
      game.stripe.succeed(id);
      expect(await crier.agent.post(`/api/payments/${id}/cancel`)).toMatchObject({
        status: 409,
        body: { message: 'This payment is already going through: it can no longer be canceled' },
      });
      expect(await row(id)).toMatchObject({ status: 'pending' });
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', id))).body.outcome).toBe('fulfilled');
      expect(await crier.agent.post(`/api/payments/${id}/cancel`)).toMatchObject({
        status: 409,
        body: { message: 'This payment is already succeeded: it can no longer be canceled' },
      });
      expect(await broadcastsOf(crier.id)).toEqual(['Paid in time']);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it('when a payment for a canceled checkout succeeds anyway, then it is refunded once and sends nothing; the new checkout sends its own', async () => {
      const crier = await signedInPlayer(game);
      const abandoned = await open(crier.agent, crier.id, 'Changed my mind');
      expect((await crier.agent.post(`/api/payments/${abandoned}/cancel`)).status).toBe(200);
      const fresh = await open(crier.agent, crier.id, 'The real message');
      // The card network got there first (Stripe's state is forced here): the success arrives after the cancel.
      game.stripe.succeed(abandoned);
      const late = game.eventFor('payment_intent.succeeded', abandoned);
      expect((await game.deliver(late)).body.outcome).toBe('refunded');
      expect((await game.deliver(late)).body.outcome).toBe('unchanged');
      expect(await row(abandoned)).toMatchObject({
        status: 'refunded',
        failure_message: 'You had canceled this checkout, so the payment was refunded',
        refund_id: expect.stringMatching(/^re_/),
      });
      expect(game.stripe.refunds.filter((refund) => refund.payment_intent === abandoned)).toHaveLength(1);
      expect(await broadcastsOf(crier.id)).toEqual([]);
      game.stripe.succeed(fresh);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', fresh))).body.outcome).toBe('fulfilled');
      expect(await broadcastsOf(crier.id)).toEqual(['The real message']);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it('when Stripe already canceled the intent (its webhook still on the way), then canceling answers 200 and the payment is canceled by the player', async () => {
      const crier = await signedInPlayer(game);
      const id = await open(crier.agent, crier.id, 'Stopped at Stripe');
      game.stripe.cancel(id);
      expect(await crier.agent.post(`/api/payments/${id}/cancel`)).toMatchObject({
        status: 200,
        body: { id, status: 'canceled', message: 'Canceled by the player' },
      });
      const [marked] = await game.database.sql`select status, canceled_by_player from payments where id = ${id}`;
      expect(marked).toEqual({ status: 'canceled', canceled_by_player: true });
    });

    it('when a broadcast checkout left open over 30 minutes is given up for a new one and the old tab is paid anyway, then Stripe cancels it and the late payment is refunded', async () => {
      const crier = await signedInPlayer(game);
      const stale = await open(crier.agent, crier.id, 'The old tab');
      await game.database.sql`update payments set created_at = created_at - interval '31 minutes' where id = ${stale}`;
      const fresh = await open(crier.agent, crier.id, 'The new tab');
      expect(game.stripe.intents.get(stale)?.status).toBe('canceled');
      expect(await row(stale)).toMatchObject({ status: 'canceled', failure_message: 'Given up for a newer broadcast checkout' });
      game.stripe.succeed(stale);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', stale))).body.outcome).toBe('refunded');
      expect(await row(stale)).toMatchObject({
        status: 'refunded',
        failure_message: 'You had canceled this checkout, so the payment was refunded',
      });
      game.stripe.succeed(fresh);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', fresh))).body.outcome).toBe('fulfilled');
      expect(await broadcastsOf(crier.id)).toEqual(['The new tab']);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it("when a checkout is paid after the day's broadcast went out (sent with a payment made before payments sent), then it is refunded and sends nothing", async () => {
      const crier = await signedInPlayer(game);
      const id = await open(crier.agent, crier.id, 'One too many');
      await game.database.sql`
        insert into payments (id, provider, purpose, amount_cents, status, user_id)
        values (${`pi_before_sends_${crier.id}`}, 'stripe', 'broadcast', 100, 'succeeded', ${crier.id})`;
      expect((await crier.agent.post('/api/broadcasts', { sender_id: crier.id, message: 'Already out', paid: true })).status).toBe(201);
      game.stripe.succeed(id);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', id))).body.outcome).toBe('refunded');
      expect(await row(id)).toMatchObject({
        status: 'refunded',
        failure_message: "Today's broadcast was already sent: the payment was refunded",
        refund_id: expect.stringMatching(/^re_/),
      });
      expect(await broadcastsOf(crier.id)).toEqual(['Already out']);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });
  });
}
