import { COMMANDS, type CommandType } from './index.ts';
import type { Actor, Permission } from './permission.ts';

export type { ActingUser, Actor, Audience, Permission } from './permission.ts';

/** The one table of who may do what, read from each command's entry: a command cannot be declared without its line. */
export const POLICY = Object.fromEntries(COMMANDS.map((entry) => [entry.type, entry.permission])) as Record<CommandType, Permission>;

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

/** Whether the actor may act as the owner of a territory: its owner, or the Wanakt where the command's permission says so. */
export function mayActAsOwner(type: CommandType, actor: Actor, ownerId: string | null): boolean {
  if (!actor.user) return false;
  if (ownerId !== null && ownerId === actor.user.id) return true;
  return POLICY[type].wanaktToo === true && actor.user.is_wanakt;
}
