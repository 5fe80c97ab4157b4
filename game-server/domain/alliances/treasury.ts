import { dayStart, payoutGoesAtOnce, payoutWaits, type PayoutStatus } from '../../../schema/rules/alliances.ts';
import { alliancePayout } from '../../../schema/rules/notifications.ts';
import { formatDrk } from '../../../schema/format.ts';
import type { AlliancePayoutDto } from '../../../schema/api/alliances.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { InsufficientBalanceError, lockAccounts, transfer } from '../economy/ledger.ts';
import { notify } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { allianceLabel, lockAlliance, membershipOf, playerNamed, requireRole, type LockedAlliance, type Player } from './alliance-rows.ts';
import { refuseWhileHeld } from '../holds/trade-holds.ts';
import type { AllianceOutcome } from './membership.ts';

// docs/rules.md §4 "Alliances", "Treasury": deposits, payouts within the leader's daily limit, and
// the second officer's approval of those beyond it. The alliance's row is locked before anything
// is read, so two officers paying out at once queue: the second sees the first's payout in the
// day's sum and in the treasury's balance, which never goes below zero.

interface PayoutRow {
  id: number;
  to_user_id: string;
  to: string;
  amount: string;
  requested_by_id: string;
  requested_by: string;
  approved_by: string | null;
  status: PayoutStatus;
  created_at: Date;
  sent_at: Date | null;
}

export const payoutDto = (row: PayoutRow): AlliancePayoutDto => ({
  id: row.id,
  to: row.to,
  amount: Number(row.amount),
  requested_by: row.requested_by,
  approved_by: row.approved_by,
  status: row.status,
  created_at: row.created_at.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
});

/** An alliance's payouts, as its members see them: the pending ones, then the latest sent. */
export async function readPayouts(sql: Queryable, where: { allianceId: number } | { id: number }, limit = 20): Promise<PayoutRow[]> {
  return sql<PayoutRow[]>`
    select p.id, p.to_user_id, t.username as to, p.amount::text, p.requested_by as requested_by_id, r.username as requested_by,
           a.username as approved_by, p.status, p.created_at, p.sent_at
      from alliance_payouts p
      join users t on t.id = p.to_user_id
      join users r on r.id = p.requested_by
      left join users a on a.id = p.approved_by
     where ${'id' in where ? sql`p.id = ${where.id}` : sql`p.alliance_id = ${where.allianceId} and p.status <> 'cancelled'`}
     order by p.status = 'pending' desc, p.id desc
     limit ${limit}`;
}

/** What was paid out today (UTC), approved payouts included. */
export async function sentToday(sql: Queryable, allianceId: number, now: Date): Promise<number> {
  const [row] = await sql<{ sent: string }[]>`
    select coalesce(sum(amount), 0)::text as sent from alliance_payouts
     where alliance_id = ${allianceId} and status = 'sent' and sent_at >= ${dayStart(now)}`;
  return Number(row.sent);
}

/** The treasury pays: the ledger's refusal worded for the treasury rather than the player. */
async function payFromTreasury(tx: Tx, alliance: LockedAlliance, payoutId: number, to: string, amount: number, at: Date): Promise<void> {
  try {
    await transfer(tx, alliance.treasury_id, to, { amount, reason: 'alliance_payout', reference: `alliance-payout:${payoutId}` }, at);
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      throw conflict(
        `The treasury of ${allianceLabel(alliance)} holds only ${formatDrk(error.available)}: it cannot pay ${formatDrk(amount)}`,
      );
    throw error;
  }
}

export async function deposit({ tx, now }: Work, actor: Player, allianceId: number, amount: number): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'member', 'deposit into');
  await refuseWhileHeld(tx, actor.id, now, `deposit into ${allianceLabel(alliance)}`);
  await transfer(tx, actor.id, alliance.treasury_id, { amount, reason: 'alliance_deposit', reference: `alliance:${allianceId}` }, now);
  return {
    message: `You deposited ${formatDrk(amount)} into the treasury of ${allianceLabel(alliance)}`,
    allianceId,
    notices: [],
    balances: [actor.id, alliance.treasury_id],
  };
}

export interface PayoutOutcome extends AllianceOutcome {
  payout: AlliancePayoutDto;
}

async function payoutOutcome(tx: Tx, id: number, outcome: AllianceOutcome): Promise<PayoutOutcome> {
  const [row] = await readPayouts(tx, { id });
  return { ...outcome, payout: payoutDto(row) };
}

/** An officer pays a member: at once within the day's limit, else it waits for a second officer. */
export async function payOut(
  { tx, now }: Work,
  actor: Player,
  allianceId: number,
  body: { username: string; amount: number },
): Promise<PayoutOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'officer', 'pay out from');
  const to = await playerNamed(tx, body.username);
  const membership = await membershipOf(tx, to.id);
  if (membership?.alliance_id !== allianceId) throw notFound(`${to.username} is no member of ${allianceLabel(alliance)}`);
  const sent = await sentToday(tx, allianceId, now);
  const atOnce = payoutGoesAtOnce(sent, body.amount, alliance.daily_limit);
  const [{ id }] = await tx<{ id: number }[]>`
    insert into alliance_payouts (alliance_id, to_user_id, amount, requested_by, status, created_at, sent_at)
    values (${allianceId}, ${to.id}, ${body.amount}, ${actor.id}, ${atOnce ? 'sent' : 'pending'}, ${now}, ${atOnce ? now : null})
    returning id`;
  if (!atOnce)
    return payoutOutcome(tx, id, { message: payoutWaits(body.amount, alliance.daily_limit, sent), allianceId, notices: [], balances: [] });
  await lockAccounts(tx, [alliance.treasury_id, to.id]);
  await payFromTreasury(tx, alliance, id, to.id, body.amount, now);
  const notices = await notify(tx, [alliancePayout(to.id, allianceLabel(alliance), body.amount)], now);
  return payoutOutcome(tx, id, {
    message: `You paid ${to.username} ${formatDrk(body.amount)} from the treasury`,
    allianceId,
    notices,
    balances: [alliance.treasury_id, to.id],
  });
}

/** A second officer (or the leader), not the one who asked, approves a payout beyond the limit: it is sent now. */
export async function approvePayout({ tx, now }: Work, actor: Player, payoutId: number): Promise<PayoutOutcome> {
  const [found] = await tx<{ alliance_id: number }[]>`select alliance_id from alliance_payouts where id = ${payoutId}`;
  if (!found) throw notFound('Payout not found');
  const alliance = await lockAlliance(tx, found.alliance_id);
  await requireRole(tx, alliance, actor.id, 'officer', 'approve payouts of');
  const [payout] = await tx<{ to_user_id: string; amount: string; requested_by: string; status: PayoutStatus }[]>`
    select to_user_id, amount::text, requested_by, status from alliance_payouts where id = ${payoutId} for no key update`;
  if (payout.status !== 'pending') throw conflict('That payout is no longer waiting for approval');
  if (payout.requested_by === actor.id) throw forbidden('A second officer must approve it: not the one who asked for it');
  const amount = Number(payout.amount);
  await lockAccounts(tx, [alliance.treasury_id, payout.to_user_id]);
  await payFromTreasury(tx, alliance, payoutId, payout.to_user_id, amount, now);
  await tx`update alliance_payouts set status = 'sent', approved_by = ${actor.id}, sent_at = ${now} where id = ${payoutId}`;
  const notices = await notify(tx, [alliancePayout(payout.to_user_id, allianceLabel(alliance), amount)], now);
  return payoutOutcome(tx, payoutId, {
    message: `Approved: ${formatDrk(amount)} sent from the treasury`,
    allianceId: alliance.id,
    notices,
    balances: [alliance.treasury_id, payout.to_user_id],
  });
}

export async function setDailyLimit({ tx }: Work, actor: Player, allianceId: number, limit: number): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'leader', 'set the daily limit of');
  await tx`update alliances set daily_limit = ${limit} where id = ${allianceId}`;
  return { message: `Payouts up to ${formatDrk(limit)} a day now go without a second approval`, allianceId, notices: [], balances: [] };
}
