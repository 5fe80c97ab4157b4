import type { RentFlowDto, RentWaterfallDto } from '../../../schema/api/revenue.ts';
import type { PaymentType } from '../../../schema/api/rent.ts';
import { WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { PAYS_THE_WANAKT } from '../../../schema/rules/feudal.ts';
import { RENT_DUE_DAYS, rentOwed, rentPeriodOf } from '../../../schema/rules/rent.ts';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import { type Queryable, waitForTurnsFreely } from '../../infra/db/database.ts';
import { badInput, forbidden, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { readPayments, type PaymentRow } from './rent-payments.ts';
import { activeEventMultiplier } from '../world/special-events.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { rentGenerated } from '../../../schema/rules/notifications.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';

// The 6-month rent cycle (docs/rules.md §1, §9): every owned territory owes its overlord's owner what
// rentDue says, once per period. Any constant works as the lock class; it only has to be the same
// in every process.
const RENT_LOCK = 7_310_006;
const DAY_MS = 86_400_000;
export const RENT_BATCH_SIZE = 5000;

/** The first moment of a period such as '2026-H2' (1 July 2026, UTC). */
export function rentPeriodStart(period: string): Date {
  const match = /^(\d{4})-H([12])$/.exec(period);
  if (!match) throw badInput('A rent period looks like 2026-H1 or 2026-H2');
  return new Date(Date.UTC(Number(match[1]), match[2] === '1' ? 0 : 6, 1));
}

interface CandidateRow {
  id: number;
  name: string;
  type: TerritoryType;
  monthly_revenue: string;
  rent_amount: string | null;
  owner_id: string;
  owner_username: string;
  payee_id: string | null;
  payee_username: string | null;
  payee_territory_id: number | null;
  payee_territory_name: string | null;
  /** The territory already has a payment for the period being generated. */
  billed: boolean;
}

export interface RentObligation {
  payerTerritoryId: number;
  payerTerritoryName: string;
  payerId: string;
  payerUsername: string;
  payeeId: string;
  payeeUsername: string;
  payeeTerritoryId: number | null;
  payeeTerritoryName: string | null;
  paymentType: PaymentType;
  amount: number;
}

/**
 * Owned territories with the account their rent goes to: a main city's to the Wanakt (and its
 * seat), anything else's to the owner of its parent territory.
 */
function candidates(sql: Queryable, filter: { period: string; afterId: number; limit: number } | { userId: string }) {
  const where = 'userId' in filter ? sql`(t.owner_id = ${filter.userId} or payee.id = ${filter.userId})` : sql`t.id > ${filter.afterId}`;
  const limit = 'limit' in filter ? sql`limit ${filter.limit}` : sql``;
  const period = 'period' in filter ? filter.period : null;
  return sql<CandidateRow[]>`
    select t.id, t.name, t.type, t.monthly_revenue::text, t.rent_amount::text, t.owner_id, owner.username as owner_username,
           payee.id as payee_id, payee.username as payee_username,
           overlord.id as payee_territory_id, overlord.name as payee_territory_name, billed.id is not null as billed
      from territories t
      join users owner on owner.id = t.owner_id
      left join territories overlord
        on overlord.id = case when t.type in ${sql(PAYS_THE_WANAKT)} then (select id from territories where type = 'wanakt' order by id limit 1)
                              else t.parent_territory_id end
      left join users payee on payee.id = case when t.type in ${sql(PAYS_THE_WANAKT)} then ${WANAKT_USER_ID} else overlord.owner_id end
      left join rent_payments billed on billed.payer_territory_id = t.id and billed.period = ${period}
     where ${where}
     order by t.id
     ${limit}`;
}

/**
 * What one owned territory owes this period by rentOwed, or null (its lord unowned, its own, or
 * nothing due).
 */
function obligationOf(row: CandidateRow, rentMultiplier: number): RentObligation | null {
  const rent = {
    type: row.type,
    monthly_revenue: Number(row.monthly_revenue),
    rent_amount: row.rent_amount === null ? null : Number(row.rent_amount),
  };
  const due = rentOwed({ ...rent, owner_id: row.owner_id }, row.payee_id, rentMultiplier);
  if (!due || row.payee_id === null) return null;
  return {
    payerTerritoryId: row.id,
    payerTerritoryName: row.name,
    payerId: row.owner_id,
    payerUsername: row.owner_username,
    payeeId: row.payee_id,
    payeeUsername: row.payee_username!,
    payeeTerritoryId: row.payee_territory_id,
    payeeTerritoryName: row.payee_territory_name,
    paymentType: due.payment_type,
    amount: due.amount,
  };
}

/** What a player's territories owe and are owed by the rules now, generated or not. */
export async function obligationsOf(sql: Queryable, userId: string, rentMultiplier: number): Promise<RentObligation[]> {
  const rows = await candidates(sql, { userId });
  return rows.map((row) => obligationOf(row, rentMultiplier)).filter((item) => item !== null);
}

async function lockPeriod(sql: Queryable, period: string): Promise<void> {
  await waitForTurnsFreely(sql);
  await sql`select pg_advisory_xact_lock(${RENT_LOCK}, hashtext(${period}))`;
}

/**
 * Starts a pass over the period, or joins the one under way (a crashed run's, or a concurrent
 * process's). A completed period starts a new pass only when asked: a rerun inserts only what is
 * missing, so it creates nothing twice. Answers whether there is a pass to run.
 */
export async function beginRentPass(
  { tx, now }: Work,
  period: string,
  restartCompleted: boolean,
  auditBy: string | undefined,
): Promise<boolean> {
  await lockPeriod(tx, period);
  if (auditBy) await recordAudit(tx, { actorId: auditBy, action: 'rent_cycle', subject: period, at: now });
  const [row] = await tx<{ completed_at: Date | null }[]>`select completed_at from rent_periods where period = ${period}`;
  if (row && row.completed_at === null) return true;
  if (row && !restartCompleted) return false;
  const multiplier = await activeEventMultiplier(tx, 'rent_discount', now);
  if (row) {
    await tx`
      update rent_periods set pass_started_at = ${now}, rent_multiplier = ${multiplier}, resume_after_id = 0, completed_at = null
       where period = ${period}`;
  } else {
    await tx`
      insert into rent_periods (period, first_started_at, pass_started_at, rent_multiplier)
      values (${period}, ${now}, ${now}, ${multiplier})`;
  }
  return true;
}

export interface RentBatch {
  created: number;
  done: boolean;
  /** The payers and payees of the payments this batch created, whose payments due changed. */
  parties: string[];
  /** Each payer's notice of its new payments. */
  notices: StoredNotice[];
}

/** One step of a pass, in its run's transaction: the next territories after the resume point, their payments, the new resume point. */
export async function billRentBatch({ tx, now }: Work, period: string, periodStart: Date, batchSize: number): Promise<RentBatch | null> {
  await lockPeriod(tx, period);
  const [state] = await tx<{ resume_after_id: number; pass_started_at: Date; rent_multiplier: string; completed_at: Date | null }[]>`
    select resume_after_id, pass_started_at, rent_multiplier::text, completed_at from rent_periods where period = ${period}`;
  if (state.completed_at !== null) return null;
  const rows = await candidates(tx, { period, afterId: state.resume_after_id, limit: batchSize });
  // Rent falls due RENT_DUE_DAYS after the period opens, or after the pass when it runs later,
  // so a territory billed mid-period is not overdue the moment it is billed.
  const dueDate = new Date(Math.max(periodStart.getTime(), state.pass_started_at.getTime()) + RENT_DUE_DAYS * DAY_MS);
  const payments = rows
    .filter((row) => !row.billed)
    .map((row) => obligationOf(row, Number(state.rent_multiplier)))
    .filter((item) => item !== null)
    .map((item) => ({
      period,
      payer_territory_id: item.payerTerritoryId,
      payee_territory_id: item.payeeTerritoryId,
      payer_id: item.payerId,
      payee_id: item.payeeId,
      payment_type: item.paymentType,
      amount: item.amount,
      due_date: dueDate,
      created_at: now,
    }));
  const inserted =
    payments.length === 0
      ? []
      : await tx<{ payer_id: string; payee_id: string }[]>`
          insert into rent_payments ${tx(payments)}
          on conflict (payer_territory_id, period) do nothing
          returning payer_id, payee_id`;
  const done = rows.length < batchSize;
  await tx`
    update rent_periods
       set resume_after_id = ${rows.at(-1)?.id ?? state.resume_after_id},
           completed_at = ${done ? now : null},
           payments_created = payments_created + ${inserted.length}
     where period = ${period}`;
  const notices = await notify(
    tx,
    [...new Set(inserted.map((row) => row.payer_id))].map((payer) => rentGenerated(payer, period)),
    now,
  );
  return { created: inserted.length, done, parties: [...new Set(inserted.flatMap((row) => [row.payer_id, row.payee_id]))], notices };
}

/** The rent multiplier a period charges: the one its pass fixed, or the running discount before any pass. */
export async function periodRentMultiplier(sql: Queryable, period: string, now: Date): Promise<number> {
  const [row] = await sql<{ rent_multiplier: string }[]>`select rent_multiplier::text from rent_periods where period = ${period}`;
  return row ? Number(row.rent_multiplier) : activeEventMultiplier(sql, 'rent_discount', now);
}

function generatedFlow(row: PaymentRow, now: Date): RentFlowDto {
  return {
    payer_territory_id: row.payer_territory_id,
    payer_territory_name: row.payer_territory_name,
    payer_id: row.payer_id,
    payer_username: row.payer_username,
    payee_territory_id: row.payee_territory_id,
    payee_territory_name: row.payee_territory_name,
    payee_id: row.payee_id,
    payee_username: row.payee_username,
    payment_type: row.payment_type,
    amount: Number(row.amount),
    status: row.paid_at !== null ? 'paid' : row.due_date.getTime() < now.getTime() ? 'overdue' : 'due',
    payment_id: row.id,
    due_date: row.due_date.toISOString(),
  };
}

function projectedFlow(item: RentObligation): RentFlowDto {
  return {
    payer_territory_id: item.payerTerritoryId,
    payer_territory_name: item.payerTerritoryName,
    payer_id: item.payerId,
    payer_username: item.payerUsername,
    payee_territory_id: item.payeeTerritoryId,
    payee_territory_name: item.payeeTerritoryName,
    payee_id: item.payeeId,
    payee_username: item.payeeUsername,
    payment_type: item.paymentType,
    amount: item.amount,
    status: 'projected',
    payment_id: null,
    due_date: null,
  };
}

/**
 * The dashboard's rent waterfall for the current period: the payments generated for it where the
 * player pays or collects, plus what the rules say is owed by territories not billed yet.
 * A player reads only its own; the Wanakt reads anyone's.
 */
export async function rentWaterfall(sql: Queryable, viewer: ActingUser, userId: string, now: Date): Promise<RentWaterfallDto> {
  if (userId !== viewer.id && !viewer.is_wanakt) throw forbidden('You can only see your own rent');
  const [user] = await sql`select 1 from users where id = ${userId}`;
  if (!user) throw notFound('User not found');
  const period = rentPeriodOf(now);
  const generated = await readPayments(sql, { period, partyId: userId, limit: null });
  const billed = new Set(generated.map((row) => row.payer_territory_id));
  const projected = (await obligationsOf(sql, userId, await periodRentMultiplier(sql, period, now))).filter(
    (item) => !billed.has(item.payerTerritoryId),
  );
  const flows = [...generated.map((row) => generatedFlow(row, now)), ...projected.map(projectedFlow)].sort(
    (a, b) => a.payer_territory_id - b.payer_territory_id,
  );
  const collects = flows.filter((flow) => flow.payee_id === userId);
  const pays = flows.filter((flow) => flow.payer_id === userId);
  const total = (list: RentFlowDto[]) => list.reduce((sum, flow) => sum + flow.amount, 0);
  return {
    user_id: userId,
    period,
    collects,
    pays,
    collects_total: total(collects),
    pays_total: total(pays),
    net: total(collects) - total(pays),
  };
}
