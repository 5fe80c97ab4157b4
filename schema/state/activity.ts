import { THE_WANAKT } from '../display-names.ts';
import type { ActivityItem } from './messages.ts';
import type { LiveTerritoryFields } from './territory-fields.ts';

/** How many past items a client that switches the feed on receives at once. */
export const ACTIVITY_BACKLOG = 20;

/**
 * What a committed change of one territory means to someone watching the world: a new owner, a
 * new listing, a new settlement, or nothing worth a line (a pin move, a visit, a withdrawn listing).
 * Told from the territory before and after, so every way a change is made reads the same.
 */
export function activityOfTerritory(before: LiveTerritoryFields | undefined, after: LiveTerritoryFields, at: Date): ActivityItem | null {
  const line = { at: at.toISOString(), territoryId: after.id, territoryName: after.name, price: null, message: null };
  if (!before) return { ...line, kind: 'settled', actorName: after.ownerName || THE_WANAKT };
  if (after.ownerId !== '' && after.ownerId !== before.ownerId) return { ...line, kind: 'acquired', actorName: after.ownerName };
  const newlyListed = after.forSale && (!before.forSale || before.price !== after.price);
  if (newlyListed) return { ...line, kind: 'listed', actorName: after.ownerName || THE_WANAKT, price: after.price };
  return null;
}

export function activityOfBroadcast(broadcast: { senderName: string; message: string }, at: Date): ActivityItem {
  return {
    kind: 'broadcast',
    at: at.toISOString(),
    actorName: broadcast.senderName,
    territoryId: null,
    territoryName: null,
    price: null,
    message: broadcast.message,
  };
}

/** The feed as shown: newest first, at most `limit` lines. */
export function withActivity(feed: readonly ActivityItem[], items: readonly ActivityItem[], limit: number): ActivityItem[] {
  return [...[...items].reverse(), ...feed].slice(0, limit);
}
