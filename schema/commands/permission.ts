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
  /** An owner's command the Wanakt may also send for any territory (policy.ts mayActAsOwner). */
  wanaktToo?: boolean;
}

export const visitor: Permission = { who: 'visitor' };
export const player = (loginFirst?: string, actingUserField?: Permission['actingUserField']): Permission => ({
  who: 'player',
  loginFirst,
  actingUserField,
});
export const owner: Permission = { who: 'owner', actingUserField: 'userId' };
/** The owner's, and the Wanakt's for any territory. */
export const ownerOrWanakt: Permission = { ...owner, wanaktToo: true };
export const wanakt: Permission = { who: 'wanakt' };
