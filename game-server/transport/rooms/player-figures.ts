import type { PrivateFigures } from '../../../schema/state/messages.ts';
import type { Queryable } from '../../infra/db/database.ts';

interface FiguresRow {
  id: string;
  balance: string;
  payments_due: number;
}

/**
 * A player's own figures, as their clients show them. A new private figure (a count of unread
 * notifications, say) is one more column here and one more field of PrivateFigures.
 */
export async function readPlayerFigures(sql: Queryable, userIds: readonly string[]): Promise<Map<string, PrivateFigures>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<FiguresRow[]>`
    select u.id, u.drk_balance::text as balance,
           (select count(*) from rent_payments r where r.payer_id = u.id and r.paid_at is null)::int as payments_due
      from users u
     where u.id in ${sql(userIds)}`;
  return new Map(rows.map((row) => [row.id, { balance: Number(row.balance), paymentsDue: row.payments_due }]));
}

/** A client of a logged-in player, as far as its figures are concerned. */
export interface FiguresClient {
  userId: string;
  /** The Wanakt's screens show the whole realm, so any player's change concerns them too. */
  seesRealm: boolean;
  /** Replaced when the player's socket reconnects. */
  send: (figures: PrivateFigures) => void;
}

/**
 * Sends each logged-in client its player's figures, at join and whenever an event names the player.
 * Nothing private lives in the room's state, so the patches every client decodes stay the same
 * size whether a room holds visitors or players.
 */
export class PlayerFigures {
  private readonly clients = new Set<FiguresClient>();

  private readonly sql: Queryable;

  constructor(sql: Queryable) {
    this.sql = sql;
  }

  async attach(client: FiguresClient): Promise<void> {
    this.clients.add(client);
    await this.sendTo([client]);
  }

  detach(client: FiguresClient): void {
    this.clients.delete(client);
  }

  /** Sends new figures to the clients of these players, and to the Wanakt's. */
  async push(userIds: readonly string[]): Promise<void> {
    const named = new Set(userIds);
    await this.sendTo([...this.clients].filter((client) => named.has(client.userId) || client.seesRealm));
  }

  /** Sends every logged-in client its figures again: after the room reloaded the world. */
  async pushAll(): Promise<void> {
    await this.sendTo([...this.clients]);
  }

  private async sendTo(clients: readonly FiguresClient[]): Promise<void> {
    if (clients.length === 0) return;
    const figures = await readPlayerFigures(this.sql, [...new Set(clients.map((client) => client.userId))]);
    for (const client of clients) {
      const mine = figures.get(client.userId);
      // A client that left while the figures were read gets nothing.
      if (mine && this.clients.has(client)) client.send(mine);
    }
  }
}
