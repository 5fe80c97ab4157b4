import type { SupplyDto } from '../../../schema/api/currency.ts';
import { ESCROW_USER_ID } from '../../../schema/constants.ts';
import { inSnapshot, isTransaction, type Queryable } from '../../infra/db/database.ts';
import type { LedgerReason } from '../../../schema/api/statement.ts';

export type Supply = SupplyDto;

export async function readSupply(sql: Queryable): Promise<Supply> {
  const [row] = await sql<{ total_supply: string; circulating_supply: string; max_supply: string }[]>`
    select total_supply::text, circulating_supply::text, max_supply::text from currency_supply`;
  return {
    total_supply: Number(row.total_supply),
    circulating_supply: Number(row.circulating_supply),
    max_supply: Number(row.max_supply),
  };
}

export interface InvariantReport {
  ok: boolean;
  problems: string[];
  supply: Supply;
  /** Every account's balance, the escrow's (the DRK held in open offers and leading bids) included. */
  balances: number;
  /** What the alliances' treasuries hold, a part of the balances (docs/rules.md §4 "Alliances"). */
  alliances: number;
}

/**
 * The money invariants of docs/design.md: the players' balances plus the DRK held in open offers and
 * leading bids add up to the circulating supply, which never passes the cap; the escrow holds exactly
 * that DRK; each offer's ledger lines hold its amount while it is open and nothing once it ended, and
 * each bid's its amount while it leads and nothing once it was beaten, returned or won;
 * the ledger's mints add up to the total supply; and replaying every account's credits and debits
 * gives exactly its balance. Read in one snapshot so concurrent writes cannot make a healthy ledger
 * look broken.
 */
/** What the escrow holds, one kind at a time: an open offer, a leading bid. */
interface EscrowKind {
  table: 'territory_offers' | 'auction_bids';
  hold: LedgerReason;
  release: LedgerReason;
  /** The ledger's reference of one, before its id. */
  prefix: string;
  /** The status in which it holds its amount. */
  holding: string;
}

const OFFER_ESCROW: EscrowKind = {
  table: 'territory_offers',
  hold: 'offer_hold',
  release: 'offer_return',
  prefix: 'offer:',
  holding: 'open',
};
const BID_ESCROW: EscrowKind = {
  table: 'auction_bids',
  hold: 'auction_hold',
  release: 'auction_return',
  prefix: 'auction-bid:',
  holding: 'leading',
};

/**
 * What the ledger holds for each of a kind (its holds less its returns) against what it should: its
 * amount while it holds, nothing once ended.
 */
function misheldEscrow(q: Queryable, kind: EscrowKind) {
  return q<{ id: number; status: string; held: string }[]>`
    select e.id, e.status, coalesce(l.held, 0)::text as held
      from ${q(kind.table)} e
      left join (select reference, sum(case when reason = ${kind.hold} then amount else -amount end) as held
                   from ledger where reason in (${kind.hold}, ${kind.release}) group by reference) l
             on l.reference = ${kind.prefix}::text || e.id
     where coalesce(l.held, 0) <> case when e.status = ${kind.holding} then e.amount else 0 end
     limit 10`;
}

export async function checkInvariants(sql: Queryable): Promise<InvariantReport> {
  const run = async (q: Queryable) => {
    const supply = await readSupply(q);
    const [sums] = await q<{ balances: string; minted: string; escrow: string; held: string; bid: string; alliances: string }[]>`
      select (select coalesce(sum(drk_balance), 0)::text from users where id <> ${ESCROW_USER_ID}) as balances,
             (select coalesce(sum(amount), 0)::text from ledger where from_user_id is null) as minted,
             (select coalesce(sum(drk_balance), 0)::text from users where id = ${ESCROW_USER_ID}) as escrow,
             (select coalesce(sum(amount), 0)::text from territory_offers where status = 'open') as held,
             (select coalesce(sum(amount), 0)::text from auction_bids where status = 'leading') as bid,
             (select coalesce(sum(u.drk_balance), 0)::text from alliances a join users u on u.id = a.treasury_id) as alliances`;
    // No DRK is ever minted for an alliance.
    const mintedForAlliances = await q<{ id: number }[]>`
      select a.id from alliances a where exists (select 1 from ledger l where l.from_user_id is null and l.to_user_id = a.treasury_id) limit 10`;
    // A closed alliance gave what its treasury held to its last member: it holds nothing.
    const closedHolding = await q<{ id: number; balance: string }[]>`
      select a.id, u.drk_balance::text as balance from alliances a join users u on u.id = a.treasury_id
       where a.closed_at is not null and u.drk_balance <> 0 limit 10`;
    const misheld = await misheldEscrow(q, OFFER_ESCROW);
    const misheldBids = await misheldEscrow(q, BID_ESCROW);
    const mismatched = await q<{ id: string; balance: string; replayed: string }[]>`
      select u.id, u.drk_balance::text as balance,
             (coalesce(credit.total, 0) - coalesce(debit.total, 0))::text as replayed
        from users u
        left join (select to_user_id as id, sum(amount) as total from ledger group by to_user_id) credit on credit.id = u.id
        left join (select from_user_id as id, sum(amount) as total from ledger where from_user_id is not null group by from_user_id) debit on debit.id = u.id
       where u.drk_balance <> coalesce(credit.total, 0) - coalesce(debit.total, 0)
       limit 10`;
    const held = Number(sums.held) + Number(sums.bid);
    const balances = Number(sums.balances) + Number(sums.escrow);
    const problems: string[] = [];
    if (Number(sums.balances) + held !== supply.circulating_supply)
      problems.push(`balances ${sums.balances} + held in offers and bids ${held} != circulating supply ${supply.circulating_supply}`);
    if (Number(sums.escrow) !== held)
      problems.push(`escrow holds ${sums.escrow} but open offers hold ${sums.held} and leading bids ${sums.bid}`);
    for (const row of mintedForAlliances) problems.push(`DRK was minted for alliance ${row.id}`);
    for (const row of closedHolding) problems.push(`closed alliance ${row.id} still holds ${row.balance}`);
    for (const row of misheld) problems.push(`offer ${row.id} (${row.status}): the ledger holds ${row.held} for it`);
    for (const row of misheldBids) problems.push(`bid ${row.id} (${row.status}): the ledger holds ${row.held} for it`);
    if (supply.circulating_supply > supply.total_supply) problems.push('circulating supply exceeds total supply');
    if (supply.total_supply > supply.max_supply) problems.push('total supply exceeds the maximum');
    if (Number(sums.minted) !== supply.total_supply) problems.push(`ledger mints ${sums.minted} != total supply ${supply.total_supply}`);
    for (const row of mismatched) problems.push(`account ${row.id}: balance ${row.balance} but ledger gives ${row.replayed}`);
    return { ok: problems.length === 0, problems, supply, balances, alliances: Number(sums.alliances) };
  };
  return isTransaction(sql) ? run(sql) : inSnapshot(sql, run);
}

/** The lines a person reads after a restore or a check. */
export function describeInvariants(report: InvariantReport): string[] {
  const { supply, balances } = report;
  const figures = `total supply ${supply.total_supply}, circulating ${supply.circulating_supply}, balances ${balances}`;
  if (report.ok) return [`Ledger invariants: OK (${figures})`];
  return [`Ledger invariants: BROKEN (${figures})`, ...report.problems.map((problem) => `  ${problem}`)];
}
