// What the room tells beyond the territories it keeps in the state: the player's own figures, the
// reads a committed change made out of date, the broadcast of the moment, the activity feed. Each
// fact has one store; a command's effect reaches the screen this way, never by reading again after
// the command answered.
import type { ServerMessages } from '../../schema/state/messages.ts';
import type { LiveTerritoryDto } from '../../schema/state/territory-fields.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import type { ReadPath } from '../../schema/reads/index.ts';
import type { LiveFact, ReadEntry } from '../../schema/reads/registry.ts';
import { useActivity } from './activity.ts';
import { forgetAllianceTags } from './alliance-tags.ts';
import { queryClient } from './query.ts';
import { useSession } from './session.ts';
import { showToast } from './toasts.ts';
import { reloadTerritory, useWorld, type LiveBroadcast } from './world.ts';

/**
 * Makes stale every read whose declaration says the fact does (schema/reads/, `cache.staleOn`):
 * `market`, who owns what and at which price; `figures`, a player's own money and debts and the
 * Wanakt's view of the realm's; `territory`, the reads of one territory (given its id); `offers`, a
 * player's own offers; `auctions`, the auctions' reads; `alliances`, the alliances' reads (made stale
 * by the player's own alliance commands, and by the room when another's touch the player's alliance);
 * `broadcast`, the broadcasts shown.
 */
export function invalidate(fact: LiveFact, input?: { id: number }): void {
  // The declarations are loaded with the first fact, not with the page: their schemas are not for the first screen.
  void import('../../schema/reads/index.ts').then(({ READS }) => {
    for (const read of READS as readonly ReadEntry[]) {
      if (read.cache?.staleOn?.includes(fact)) void queryClient.invalidateQueries({ queryKey: queryKeyOf(read.path as ReadPath, input) });
    }
  });
}

/** The player's figures: the balance goes to the session (its one home), the rest to the world store. */
export function showFigures({ balance, paymentsDue }: ServerMessages['figures']): void {
  const account = useSession.getState().account;
  if (account && account.drk_balance !== String(balance)) useSession.getState().setAccount({ ...account, drk_balance: String(balance) });
  useWorld.setState({ paymentsDue });
  invalidate('figures');
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
  invalidate('market');
  for (const change of changes) invalidate('territory', { id: change.id });
}

export function detailsChanged({ territoryId }: ServerMessages['details']): void {
  void reloadTerritory(territoryId);
  invalidate('territory', { id: territoryId });
  // The room says so when the offers or the auction of a territory change too: a player's own lists
  // and the auctions ending soon may show them.
  invalidate('offers');
  invalidate('auctions');
}

/** Someone changed this player's alliance (or one it was invited to or asked to join): its pages and the tags beside names are read again. */
export function allianceChanged(): void {
  forgetAllianceTags();
  invalidate('alliances');
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
  invalidate('broadcast');
}

export function activityArrived(items: ServerMessages['activity']): void {
  useActivity.getState().add(items);
}
