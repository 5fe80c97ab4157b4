import type { AllianceRole } from '../../../schema/rules/alliances.ts';
import { tagLabel } from '../../../schema/rules/alliances.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';

/** An open alliance, locked for the command that acts on it. */
export interface LockedAlliance {
  id: number;
  name: string;
  tag: string;
  treasury_id: string;
  daily_limit: number;
}

/** "[TAG] Name", as notices and messages name an alliance. */
export const allianceLabel = (alliance: Pick<LockedAlliance, 'name' | 'tag'>) => `${tagLabel(alliance.tag)} ${alliance.name}`;

/**
 * Locks an alliance first (docs/write-path.md: the command's own subject, before the accounts it
 * pays), so every command on one alliance queues on its row: two officers paying out its last DRK
 * see one another's payout, and two acceptances count one another's member.
 */
export async function lockAlliance(tx: Tx, id: number): Promise<LockedAlliance> {
  const [row] = await tx<(Omit<LockedAlliance, 'daily_limit'> & { daily_limit: string; closed: boolean })[]>`
    select id, name, tag, treasury_id, daily_limit::text, closed_at is not null as closed
      from alliances where id = ${id} for no key update`;
  if (!row) throw notFound('Alliance not found');
  if (row.closed) throw conflict(`${allianceLabel(row)} has closed`);
  return { id: row.id, name: row.name, tag: row.tag, treasury_id: row.treasury_id, daily_limit: Number(row.daily_limit) };
}

/** A player's role in this alliance, or null when it is no member of it. */
export async function roleIn(sql: Queryable, allianceId: number, userId: string): Promise<AllianceRole | null> {
  const [row] = await sql<{ role: AllianceRole }[]>`
    select role from alliance_members where alliance_id = ${allianceId} and user_id = ${userId}`;
  return row?.role ?? null;
}

/** The actor's role, refusing anyone who is not a member, or not an officer or the leader when `officers`. */
export async function requireRole(tx: Tx, alliance: LockedAlliance, userId: string, who: 'member' | 'officer' | 'leader', action: string) {
  const role = await roleIn(tx, alliance.id, userId);
  const allowed =
    role !== null && (who === 'member' || (who === 'officer' && role !== 'member') || (who === 'leader' && role === 'leader'));
  if (!allowed || role === null) {
    const whom = who === 'member' ? 'Only its members' : who === 'officer' ? 'Only its officers and leader' : 'Only its leader';
    throw forbidden(`${whom} can ${action} ${allianceLabel(alliance)}`);
  }
  return role;
}

export interface Player {
  id: string;
  username: string;
}

/** A player named by username, whatever its case (the realm's own accounts are no players). */
export async function playerNamed(sql: Queryable, username: string): Promise<Player> {
  const [row] = await sql<Player[]>`
    select id, username from users where lower(username) = lower(${username}) and not is_wanakt`;
  if (!row) throw notFound(`There is no player called ${username}`);
  return row;
}

/** The alliance a player belongs to, if any. */
export async function membershipOf(sql: Queryable, userId: string): Promise<{ alliance_id: number; role: AllianceRole } | null> {
  const [row] = await sql<{ alliance_id: number; role: AllianceRole }[]>`
    select alliance_id, role from alliance_members where user_id = ${userId}`;
  return row ?? null;
}

/** The ids of an alliance's members now: whom its chat and its changes are sent to. */
export async function memberIds(sql: Queryable, allianceId: number): Promise<string[]> {
  const rows = await sql<{ user_id: string }[]>`select user_id from alliance_members where alliance_id = ${allianceId}`;
  return rows.map((row) => row.user_id);
}

/**
 * An alliance that only its members may read this of: 404 when there is none, 403 (`refusal`, given
 * the alliance's label) for anyone else. Answers the alliance's treasury account.
 */
export async function readableByMember(
  sql: Queryable,
  allianceId: number,
  viewerId: string,
  refusal: (label: string) => string,
): Promise<{ treasury_id: string }> {
  const [row] = await sql<{ name: string; tag: string; treasury_id: string; member: boolean }[]>`
    select name, tag, treasury_id,
           exists (select 1 from alliance_members where alliance_id = ${allianceId} and user_id = ${viewerId}) as member
      from alliances where id = ${allianceId}`;
  if (!row) throw notFound('Alliance not found');
  if (!row.member) throw forbidden(refusal(allianceLabel(row)));
  return { treasury_id: row.treasury_id };
}
