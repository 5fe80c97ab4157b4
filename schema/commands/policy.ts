import type { CommandType } from './index.ts';

/** A logged-in player (or the Wanakt), whatever door the command came through. */
export interface ActingUser {
  id: string;
  username: string;
  is_wanakt: boolean;
}

/**
 * Who acts. `via` says through which door the command came: a browser session, the world room, or
 * a program holding one of the player's API keys. The user is the same whichever the door.
 */
export interface Actor {
  user: ActingUser | null;
  via: 'web' | 'room' | 'key';
}

/**
 * Who may send a command: anyone (`visitor`), any logged-in player, the owner of the territory it
 * names (checked once the territory is loaded; the gate itself only asks for a login), or only the
 * Wanakt.
 */
export type Audience = 'visitor' | 'player' | 'owner' | 'wanakt';

export interface Permission {
  who: Audience;
  /** What a visitor is told (401) when the command needs a login; docs/rules.md's screens word it per call. */
  loginFirst?: string;
  /** The payload field that names the acting user (docs/rules.md §7); naming anyone else is refused. */
  actingUserField?: 'userId' | 'user_id' | 'sender_id';
}

const player = (loginFirst?: string, actingUserField?: Permission['actingUserField']): Permission => ({ who: 'player', loginFirst, actingUserField });
const owner: Permission = { who: 'owner', actingUserField: 'userId' };
const wanakt: Permission = { who: 'wanakt' };

/** The one table of who may do what. A new command cannot compile without its line here. */
export const POLICY: Record<CommandType, Permission> = {
  'territory.purchase': player('Please log in to purchase territories', 'userId'),
  'territory.upgrade': owner,
  'territory.describe': owner,
  // The owner names its territory; the Wanakt may rename any, as it keeps the map tidy.
  'territory.rename': owner,
  'territory.list': owner,
  'territory.move-pin': { ...wanakt, actingUserField: 'userId' },
  'territory.set-rent': { ...wanakt, actingUserField: 'userId' },
  // Its `userId` is the recipient, not the actor.
  'territory.assign': wanakt,
  // A visit is what the ads aimed at a territory pay for: visitors need no account.
  'territory.visit': { who: 'visitor' },
  'currency.mint': wanakt,
  'rent.pay': player(),
  'rent.generate': wanakt,
  'collectible.purchase': player(undefined, 'userId'),
  'collectible.apply': player(undefined, 'userId'),
  'collectible.unapply': player(undefined, 'userId'),
  'drk.purchase-intent': player('Please log in to buy DRK', 'userId'),
  // Whoever holds the payment's client secret confirms it, as with a real card form.
  'payment.sandbox-confirm': { who: 'visitor' },
  'settlement.create': { ...wanakt, actingUserField: 'userId' },
  'territory-event.create': wanakt,
  'territory-event.update': wanakt,
  'territory-event.delete': wanakt,
  'special-event.create': wanakt,
  'special-event.update': wanakt,
  'chat.post': player(undefined, 'user_id'),
  'chat.remove': wanakt,
  'broadcast.pay': player('Please log in to send broadcasts', 'userId'),
  'broadcast.send': player('Please log in to send broadcasts', 'sender_id'),
  // docs/rules.md §6: advertisers need no account, only an email.
  'ad.purchase': { who: 'visitor' },
  'banner.buy': player('Please log in to create a banner'),
  'ad.approve': wanakt,
  'ad.reject': wanakt,
  // Anyone who sees a banner may follow it.
  'ad.click': { who: 'visitor' },
};

export type Refusal = { status: 401 | 403; message: string };

/** Whether the actor may send a command of this type at all: asked before its payload is read. */
export function gate(type: CommandType, actor: Actor): Refusal | null {
  const permission = POLICY[type];
  if (permission.who === 'visitor') return null;
  if (!actor.user) return { status: 401, message: permission.loginFirst ?? 'Please log in first' };
  if (permission.who === 'wanakt' && !actor.user.is_wanakt) return { status: 403, message: 'Only the Wanakt can do that' };
  return null;
}

/** A payload that names someone other than the actor as the one acting is refused. */
export function refuseImpersonation(type: CommandType, actor: Actor, body: unknown): Refusal | null {
  const field = POLICY[type].actingUserField;
  if (!field || !actor.user || body === null || typeof body !== 'object') return null;
  const claimed = (body as Record<string, unknown>)[field];
  if (claimed !== undefined && claimed !== actor.user.id) return { status: 403, message: 'You can only act for yourself' };
  return null;
}

/** Whether the actor may act as the owner of a territory: its owner, or the Wanakt where the table allows. */
export function mayActAsOwner(type: CommandType, actor: Actor, ownerId: string | null): boolean {
  if (!actor.user) return false;
  if (ownerId !== null && ownerId === actor.user.id) return true;
  return type === 'territory.rename' && actor.user.is_wanakt;
}
