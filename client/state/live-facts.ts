// What the room tells beyond the territories it keeps in the state: the player's own figures, the
// reads a committed change made out of date, the broadcast of the moment, the activity feed. Each
// fact has one store; a command's effect reaches the screen this way, never by reading again after
// the command answered.
import type { QueryKey } from '@tanstack/react-query';
import type { ServerMessages } from '../../schema/state/messages.ts';
import type { LiveTerritoryDto } from '../../schema/state/territory-fields.ts';
import { useActivity } from './activity.ts';
import { queryClient } from './query.ts';
import { useSession } from './session.ts';
import { showToast } from './toasts.ts';
import { reloadTerritory, useWorld, type LiveBroadcast } from './world.ts';

/** Reads that show who owns what and at which price. */
const MARKET_READS: QueryKey[] = [
  ['/api/marketplace'],
  ['/api/territories/hierarchy'],
  ['/api/territories/user'],
  ['/api/market/stats'],
  ['/api/users'],
];
/** Reads of a player's own money and debts, and the Wanakt's view of the realm's. */
const PRIVATE_READS: QueryKey[] = [
  ['/api/payments/upcoming'],
  ['/api/rent/overdue'],
  ['/api/payments/waterfall'],
  ['/api/revenue/summary'],
  ['/api/currency/supply'],
  ['/api/users'],
];

function invalidate(keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** The player's figures: the balance goes to the session (its one home), the rest to the world store. */
export function showFigures({ balance, paymentsDue }: ServerMessages['figures']): void {
  const account = useSession.getState().account;
  if (account && account.drk_balance !== String(balance)) useSession.getState().setAccount({ ...account, drk_balance: String(balance) });
  useWorld.setState({ paymentsDue });
  invalidate(PRIVATE_READS);
}

/** Territories changed in a patch: reads of the market are out of date when an owner, price or name moved. */
export function territoriesChanged(before: ReadonlyMap<number, LiveTerritoryDto>, changes: readonly LiveTerritoryDto[]): void {
  const marketMoved = changes.some((change) => {
    const old = before.get(change.id);
    return (
      !old ||
      old.owner_id !== change.owner_id ||
      old.sale_price !== change.sale_price ||
      old.name !== change.name ||
      old.upgrade_tier !== change.upgrade_tier
    );
  });
  if (!marketMoved) return;
  invalidate(MARKET_READS);
  for (const change of changes) void queryClient.invalidateQueries({ queryKey: ['/api/territories', change.id] });
}

export function detailsChanged({ territoryId }: ServerMessages['details']): void {
  void reloadTerritory(territoryId);
  void queryClient.invalidateQueries({ queryKey: ['/api/territories', territoryId] });
}

/** The room reloaded the world, or this client joined it again: anything read before may be stale. */
export function everythingChanged(): void {
  void queryClient.invalidateQueries();
  void reloadTerritory(null);
}

/**
 * docs/rules.md §4 "Broadcast flow": the message reaches every connected player, with who sent it.
 * The broadcast on show changed: a newer one arrived, which everyone but its sender is told of, or
 * the Wanakt removed the one shown and the room now shows an older one, or none, without a word.
 */
export function broadcastChanged(shown: LiveBroadcast | null, before: LiveBroadcast | null): void {
  const arrived = shown !== null && (before === null || shown.createdAt > before.createdAt);
  // The sender has just been told it went out; everyone else learns it now.
  if (arrived && shown.senderName !== useSession.getState().account?.username) {
    showToast({ title: `Broadcast from ${shown.senderName}`, description: shown.message });
  }
  void queryClient.invalidateQueries({ queryKey: ['/api/broadcasts/recent'] });
}

export function activityArrived(items: ServerMessages['activity']): void {
  useActivity.getState().add(items);
}
