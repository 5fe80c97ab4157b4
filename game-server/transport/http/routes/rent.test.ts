import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { balanceOf, createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DAY_MS = 86_400_000;
let periods = 0;

/** A payment due as the rent cycle would write it; the cycle itself is another module's work. */
async function insertPayment(
  sql: Sql,
  payment: { payerId: string; payeeId: string; amount: number; dueDate: Date; payerKey?: string; payeeKey?: string | null; type?: string },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into rent_payments (period, payer_territory_id, payee_territory_id, payer_id, payee_id, payment_type, amount, due_date)
    values (${`test-${++periods}`},
            (select id from territories where seed_key = ${payment.payerKey ?? 'main:london'}),
            (select id from territories where seed_key = ${payment.payeeKey === undefined ? 'wanakt:citadel' : payment.payeeKey}),
            ${payment.payerId}, ${payment.payeeId}, ${payment.type ?? 'rent'}, ${payment.amount}, ${payment.dueDate})
    returning id`;
  return row.id;
}

async function ledgerRows(sql: Sql, reference: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ledger where reference = ${reference}`;
  return row.n;
}

for (const backend of testBackends()) {
  describe(`[§7 rent] payments due and paying rent on ${backend.name}`, () => {
    const now = new Date('2026-03-10T12:00:00Z');
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when a player reads its payments due, then it gets its unpaid ones, soonest first, with names and the §4 label', async () => {
      const payer = await signedInPlayer(game, { now });
      const other = await createPlayer(sql);
      const later = await insertPayment(sql, {
        payerId: payer.id,
        payeeId: 'wanakt-admin',
        amount: 111,
        dueDate: new Date(now.getTime() + 12 * DAY_MS),
      });
      const overdue = await insertPayment(sql, {
        payerId: payer.id,
        payeeId: 'sample-user',
        amount: 72,
        dueDate: new Date(now.getTime() - 3 * DAY_MS),
        type: 'sub_rent',
        payerKey: 'main:tokyo',
        payeeKey: null,
      });
      const paid = await insertPayment(sql, {
        payerId: payer.id,
        payeeId: 'wanakt-admin',
        amount: 5,
        dueDate: now,
        payerKey: 'main:paris',
      });
      await sql`update rent_payments set paid_at = ${now} where id = ${paid}`;
      await insertPayment(sql, { payerId: other, payeeId: 'wanakt-admin', amount: 9, dueDate: now });

      const response = await payer.agent.get(`/api/payments/upcoming/${payer.id}`);
      expect(response.status).toBe(200);
      expect(response.body.map((p: { id: number }) => p.id)).toEqual([overdue, later]);
      expect(response.body[0]).toMatchObject({
        payment_type: 'sub_rent',
        amount: 72,
        payer_territory_name: 'Tokyo',
        payee_territory_name: null,
        payee_username: 'sample',
        overdue: true,
        label: 'Overdue by 3 days',
        due_date: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
      });
      expect(response.body[1]).toMatchObject({
        id: later,
        payment_type: 'rent',
        amount: 111,
        payer_id: payer.id,
        payer_territory_name: 'London',
        payee_territory_name: 'Wanakt Citadel',
        payee_id: 'wanakt-admin',
        payee_username: 'wanakt',
        overdue: false,
        label: 'Due in 12 days',
      });
    });

    it("when a player reads another player's payments, then 403; the Wanakt reads anyone's; without a session 401", async () => {
      const payer = await signedInPlayer(game, { now });
      const snoop = await signedInPlayer(game, { now });
      const id = await insertPayment(sql, { payerId: payer.id, payeeId: 'wanakt-admin', amount: 111, dueDate: now });
      expect(await snoop.agent.get(`/api/payments/upcoming/${payer.id}`)).toMatchObject({
        status: 403,
        body: { message: 'You can only see your own payments' },
      });
      expect(await game.agent().get(`/api/payments/upcoming/${payer.id}`)).toMatchObject({
        status: 401,
        body: { message: expect.any(String) },
      });
      const wanakt = await game.wanakt();
      const read = await wanakt.get(`/api/payments/upcoming/${payer.id}`);
      expect(read.status).toBe(200);
      expect(read.body.map((p: { id: number }) => p.id)).toEqual([id]);
      expect(await wanakt.get('/api/payments/upcoming/no-such-user')).toMatchObject({ status: 404, body: { message: 'User not found' } });
      expect((await wanakt.get(`/api/payments/upcoming/${'x'.repeat(5000)}`)).status).toBe(400);
    });

    it('when the overdue list is read, then a player gets its own and the Wanakt every one', async () => {
      const late = await signedInPlayer(game, { now });
      const other = await signedInPlayer(game, { now });
      const mine = await insertPayment(sql, {
        payerId: late.id,
        payeeId: 'wanakt-admin',
        amount: 111,
        dueDate: new Date(now.getTime() - DAY_MS),
      });
      await insertPayment(sql, {
        payerId: late.id,
        payeeId: 'wanakt-admin',
        amount: 111,
        dueDate: new Date(now.getTime() + DAY_MS),
        payerKey: 'main:paris',
      });
      const theirs = await insertPayment(sql, {
        payerId: other.id,
        payeeId: 'wanakt-admin',
        amount: 50,
        dueDate: new Date(now.getTime() - 40 * DAY_MS),
      });

      const own = await late.agent.get('/api/rent/overdue');
      expect(own.status).toBe(200);
      expect(own.body).toEqual([expect.objectContaining({ id: mine, overdue: true, label: 'Overdue by 1 day' })]);
      const all = await (await game.wanakt()).get('/api/rent/overdue');
      const ids = all.body.map((p: { id: number }) => p.id);
      expect(ids).toEqual(expect.arrayContaining([mine, theirs]));
      expect(ids.indexOf(theirs)).toBeLessThan(ids.indexOf(mine));
      expect(all.body.every((p: { overdue: boolean }) => p.overdue)).toBe(true);
      expect((await game.agent().get('/api/rent/overdue')).status).toBe(401);
    });

    it('when the payer pays, then the amount moves to the payee through the ledger and the payment leaves the list', async () => {
      const payer = await signedInPlayer(game, { now, balance: 500 });
      const payeeBefore = await balanceOf(sql, 'wanakt-admin');
      const id = await insertPayment(sql, {
        payerId: payer.id,
        payeeId: 'wanakt-admin',
        amount: 111,
        dueDate: new Date(now.getTime() + 5 * DAY_MS),
      });

      const response = await payer.agent.post(`/api/rent/pay/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        message: 'Paid 111 DRK rent for London to wanakt',
        payment_id: id,
        amount: 111,
        paid_at: now.toISOString(),
      });
      expect(await balanceOf(sql, payer.id)).toBe(389);
      expect(await balanceOf(sql, 'wanakt-admin')).toBe(payeeBefore + 111);
      const [entry] =
        await sql`select reason, from_user_id, to_user_id, amount::int, territory_id from ledger where reference = ${`rent_payment:${id}`}`;
      const [london] = await sql`select id from territories where seed_key = 'main:london'`;
      expect(entry).toEqual({ reason: 'rent', from_user_id: payer.id, to_user_id: 'wanakt-admin', amount: 111, territory_id: london.id });
      expect((await payer.agent.get(`/api/payments/upcoming/${payer.id}`)).body).toEqual([]);
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when a payment is paid twice, then the second answers 409 and no DRK moves again', async () => {
      const payer = await signedInPlayer(game, { now, balance: 500 });
      const id = await insertPayment(sql, {
        payerId: payer.id,
        payeeId: 'sample-user',
        amount: 72,
        dueDate: now,
        payerKey: 'main:cairo',
        payeeKey: 'main:lagos',
      });
      expect((await payer.agent.post(`/api/rent/pay/${id}`)).status).toBe(200);
      expect(await payer.agent.post(`/api/rent/pay/${id}`)).toMatchObject({
        status: 409,
        body: { message: 'This payment has already been paid' },
      });
      expect(await balanceOf(sql, payer.id)).toBe(428);
      expect(await ledgerRows(sql, `rent_payment:${id}`)).toBe(1);
    });

    it('when the balance does not cover the payment, then 409 with the §5 message and nothing changes', async () => {
      const payer = await signedInPlayer(game, { now, balance: 40 });
      const id = await insertPayment(sql, { payerId: payer.id, payeeId: 'wanakt-admin', amount: 111, dueDate: now });
      expect(await payer.agent.post(`/api/rent/pay/${id}`)).toMatchObject({
        status: 409,
        body: { message: 'You need 111 DRK but only have 40 DRK' },
      });
      expect(await balanceOf(sql, payer.id)).toBe(40);
      const [row] = await sql`select paid_at from rent_payments where id = ${id}`;
      expect(row.paid_at).toBeNull();
      expect(await ledgerRows(sql, `rent_payment:${id}`)).toBe(0);
    });

    it('when someone other than the payer pays, then 403 (the Wanakt and the payee too); without a session 401', async () => {
      const payer = await signedInPlayer(game, { now });
      const stranger = await signedInPlayer(game, { now });
      const id = await insertPayment(sql, { payerId: payer.id, payeeId: 'sample-user', amount: 10, dueDate: now, payeeKey: null });
      const refused = { status: 403, body: { message: 'Only the payer can pay this payment' } };
      expect(await stranger.agent.post(`/api/rent/pay/${id}`)).toMatchObject(refused);
      expect(await (await game.wanakt()).post(`/api/rent/pay/${id}`)).toMatchObject(refused);
      expect(await (await game.demo()).post(`/api/rent/pay/${id}`)).toMatchObject(refused);
      expect(await game.agent().post(`/api/rent/pay/${id}`)).toMatchObject({ status: 401 });
      expect(await ledgerRows(sql, `rent_payment:${id}`)).toBe(0);
    });

    it('when the payment id is unknown or not a positive whole number, then 404 or 400', async () => {
      const payer = await signedInPlayer(game, { now });
      expect(await payer.agent.post('/api/rent/pay/999999')).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
      for (const bad of ['-1', '0', '1.5', 'NaN', 'abc', '99999999999', '4294967296', '1;drop table ledger', '1e3']) {
        const response = await payer.agent.post(`/api/rent/pay/${encodeURIComponent(bad)}`);
        expect(response.status, bad).toBe(400);
        expect(response.body.message).toMatch(/^Payment id (must be a positive whole number|is out of range)$/);
      }
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('[§7 rent] concurrent payments on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game.stop());

  it('when one payment is paid 10 times at once, then DRK moves once and the other 9 get 409', async () => {
    const sql = game.database.sql;
    const now = new Date();
    const payer = await signedInPlayer(game, { now, balance: 1000 });
    const payeeBefore = await balanceOf(sql, 'wanakt-admin');
    const id = await insertPayment(sql, { payerId: payer.id, payeeId: 'wanakt-admin', amount: 111, dueDate: now });
    const answers = await Promise.all(Array.from({ length: 10 }, () => payer.agent.post(`/api/rent/pay/${id}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(9).fill('This payment has already been paid'));
    expect(await balanceOf(sql, payer.id)).toBe(889);
    expect(await balanceOf(sql, 'wanakt-admin')).toBe(payeeBefore + 111);
    expect(await ledgerRows(sql, `rent_payment:${id}`)).toBe(1);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
