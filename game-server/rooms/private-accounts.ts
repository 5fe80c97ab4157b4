import type { MapSchema } from '@colyseus/schema';
import { PrivateAccount } from '../../schema/state/world-state.ts';
import type { Queryable } from '../db/database.ts';

interface AccountRow {
  id: string;
  balance: string;
  payments_due: number;
}

/** A player's own balance and count of unpaid rent payments, as the private state shows them. */
export async function readAccountFigures(sql: Queryable, userIds: readonly string[]): Promise<Map<string, { balance: number; paymentsDue: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<AccountRow[]>`
    select u.id, u.drk_balance::text as balance,
           (select count(*) from rent_payments r where r.payer_id = u.id and r.paid_at is null)::int as payments_due
      from users u
     where u.id in ${sql(userIds)}`;
  return new Map(rows.map((row) => [row.id, { balance: Number(row.balance), paymentsDue: row.payments_due }]));
}

/**
 * The private entries of the players in the room, one per player however many tabs it has open.
 * An entry lives while at least one of its player's clients is in the room.
 */
export class PrivateAccounts {
  private readonly holders = new Map<string, number>();

  constructor(
    private readonly entries: MapSchema<PrivateAccount>,
    private readonly sql: Queryable,
  ) {}

  /** The entry of this player, read from the database when it is the player's first client. */
  async attach(userId: string): Promise<PrivateAccount> {
    this.holders.set(userId, (this.holders.get(userId) ?? 0) + 1);
    const existing = this.entries.get(userId);
    if (existing) return existing;
    const figures = (await readAccountFigures(this.sql, [userId])).get(userId);
    // Another client of the same player may have created it while this one read.
    const entry = this.entries.get(userId) ?? new PrivateAccount();
    if (figures) Object.assign(entry, figures);
    this.entries.set(userId, entry);
    return entry;
  }

  detach(userId: string): void {
    const left = (this.holders.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.holders.set(userId, left);
      return;
    }
    this.holders.delete(userId);
    this.entries.delete(userId);
  }

  /** Reads again the figures of those of these players who are in the room. */
  async refresh(userIds: readonly string[]): Promise<void> {
    const present = userIds.filter((id) => this.entries.has(id));
    const figures = await readAccountFigures(this.sql, present);
    for (const [id, values] of figures) {
      const entry = this.entries.get(id);
      if (entry) Object.assign(entry, values);
    }
  }
}
