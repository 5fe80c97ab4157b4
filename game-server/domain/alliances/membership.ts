import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import {
  ALLIANCE_FOUNDING_FEE,
  leaveRefusal,
  MAX_ALLIANCE_MEMBERS,
  MAX_OPEN_ALLIANCE_APPLICATIONS,
  removalRefusal,
  type AllianceRole,
  type ApplicationKind,
} from '../../../schema/rules/alliances.ts';
import { allianceAccepted, allianceInvited, allianceRemoved } from '../../../schema/rules/notifications.ts';
import { formatDrk } from '../../../schema/format.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { Tx } from '../../infra/db/database.ts';
import { lockAccounts, transfer } from '../economy/ledger.ts';
import { nameSkeleton } from '../names/name-skeleton.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { chooseAllianceNames } from './alliance-names.ts';
import { allianceLabel, lockAlliance, membershipOf, playerNamed, requireRole, type LockedAlliance, type Player } from './alliance-rows.ts';

// docs/rules.md §4 "Alliances": founding, the door (invitations and requests), roles and leaving.
// Each function locks the alliance first, then the players' rows it changes (docs/write-path.md),
// and answers what its command announces.

/** What a command on an alliance answers and announces. */
export interface AllianceOutcome {
  message: string;
  allianceId: number;
  notices: StoredNotice[];
  /** Accounts whose balances changed. */
  balances: string[];
  /** Players outside the alliance whose view of it changed without a notice (a declined request or invitation). */
  touched?: string[];
}

async function refuseIfMember(tx: Tx, player: Player, you: boolean): Promise<void> {
  if (await membershipOf(tx, player.id))
    throw conflict(you ? 'You already belong to an alliance: leave it first' : `${player.username} already belongs to an alliance`);
}

/** Founds an alliance: the fee goes to the Wanakt's treasury, the founder leads, the treasury is a new account. */
export async function foundAlliance({ tx, now }: Work, founder: Player, body: { name: string; tag: string }): Promise<AllianceOutcome> {
  await lockAccounts(tx, [founder.id, WANAKT_USER_ID]);
  await refuseIfMember(tx, founder, true);
  const names = await chooseAllianceNames(tx, body.name, body.tag);
  await transfer(tx, founder.id, WANAKT_USER_ID, { amount: ALLIANCE_FOUNDING_FEE, reason: 'alliance_fee' }, now);
  const [{ id }] = await tx<{ id: number }[]>`select nextval(pg_get_serial_sequence('alliances', 'id'))::int as id`;
  // The treasury: an account of the realm, named so no player's name can look like it.
  const treasury = { id: `alliance-${id}`, username: `[alliance ${id}]` };
  await tx`
    insert into users (id, username, password_hash, is_wanakt, name_skeleton, created_at)
    values (${treasury.id}, ${treasury.username}, '!', true, ${nameSkeleton(treasury.username)}, ${now})`;
  await tx`
    insert into alliances (id, name, tag, name_skeleton, tag_skeleton, treasury_id, founded_by, founded_at)
    overriding system value
    values (${id}, ${names.name}, ${names.tag}, ${names.nameSkeleton}, ${names.tagSkeleton}, ${treasury.id}, ${founder.id}, ${now})`;
  await tx`insert into alliance_members (user_id, alliance_id, role, joined_at) values (${founder.id}, ${id}, 'leader', ${now})`;
  await endApplicationsOf(tx, founder.id, now);
  return {
    message: `You founded ${allianceLabel(names)} for ${formatDrk(ALLIANCE_FOUNDING_FEE)}`,
    allianceId: id,
    notices: [],
    balances: [founder.id, WANAKT_USER_ID],
  };
}

async function endApplicationsOf(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx`update alliance_applications set status = 'ended', ended_at = ${now} where user_id = ${userId} and status = 'open'`;
}

async function openApplication(tx: Tx, alliance: LockedAlliance, player: Player, kind: ApplicationKind, askedBy: string, now: Date) {
  const [counts] = await tx<{ open: number; mine: boolean }[]>`
    select count(*)::int as open, coalesce(bool_or(user_id = ${player.id}), false) as mine
      from alliance_applications where alliance_id = ${alliance.id} and status = 'open'`;
  if (counts.mine) throw conflict(`${allianceLabel(alliance)} already has an open invitation or request for ${player.username}`);
  if (counts.open >= MAX_OPEN_ALLIANCE_APPLICATIONS)
    throw conflict(`${allianceLabel(alliance)} has ${MAX_OPEN_ALLIANCE_APPLICATIONS} open invitations and requests: answer some first`);
  const [{ id }] = await tx<{ id: number }[]>`
    insert into alliance_applications (alliance_id, user_id, kind, asked_by, created_at)
    values (${alliance.id}, ${player.id}, ${kind}, ${askedBy}, ${now}) returning id`;
  return id;
}

export async function invite({ tx, now }: Work, actor: Player, allianceId: number, username: string): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'officer', 'invite players to');
  const player = await playerNamed(tx, username);
  await lockAccounts(tx, [player.id]);
  await refuseIfMember(tx, player, player.id === actor.id);
  await openApplication(tx, alliance, player, 'invitation', actor.id, now);
  const notices = await notify(tx, [allianceInvited(player.id, allianceLabel(alliance), actor.username)], now);
  return { message: `You invited ${player.username} to ${allianceLabel(alliance)}`, allianceId, notices, balances: [] };
}

export async function requestToJoin({ tx, now }: Work, actor: Player, allianceId: number): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await lockAccounts(tx, [actor.id]);
  await refuseIfMember(tx, actor, true);
  await openApplication(tx, alliance, actor, 'request', actor.id, now);
  return { message: `You asked to join ${allianceLabel(alliance)}: an officer will answer`, allianceId, notices: [], balances: [] };
}

/** The invited player accepts an invitation, or an officer a request: the player joins as a member. */
export async function acceptApplication({ tx, now }: Work, actor: Player, applicationId: number): Promise<AllianceOutcome> {
  const [found] = await tx<{ alliance_id: number }[]>`select alliance_id from alliance_applications where id = ${applicationId}`;
  if (!found) throw notFound('Invitation or request not found');
  const alliance = await lockAlliance(tx, found.alliance_id);
  const [application] = await tx<{ user_id: string; username: string; kind: ApplicationKind; asked_by: string; status: string }[]>`
    select a.user_id, u.username, a.kind, a.asked_by, a.status
      from alliance_applications a join users u on u.id = a.user_id
     where a.id = ${applicationId} for no key update of a`;
  if (application.status !== 'open') throw conflict('That invitation or request is no longer open');
  if (application.kind === 'invitation') {
    if (application.user_id !== actor.id) throw forbidden('Only the invited player can accept an invitation');
  } else await requireRole(tx, alliance, actor.id, 'officer', 'accept requests to join');
  const joining = { id: application.user_id, username: application.username };
  await lockAccounts(tx, [joining.id]);
  await refuseIfMember(tx, joining, joining.id === actor.id);
  const [{ members }] = await tx<
    { members: number }[]
  >`select count(*)::int as members from alliance_members where alliance_id = ${alliance.id}`;
  if (members >= MAX_ALLIANCE_MEMBERS) throw conflict(`${allianceLabel(alliance)} already has ${MAX_ALLIANCE_MEMBERS} members`);
  await tx`insert into alliance_members (user_id, alliance_id, role, joined_at) values (${joining.id}, ${alliance.id}, 'member', ${now})`;
  await tx`update alliance_applications set status = 'accepted', answered_by = ${actor.id}, ended_at = ${now} where id = ${applicationId}`;
  await endApplicationsOf(tx, joining.id, now);
  const invited = application.kind === 'invitation';
  const notices = await notify(
    tx,
    [
      allianceAccepted(
        invited ? application.asked_by : joining.id,
        allianceLabel(alliance),
        invited ? joining.username : actor.username,
        invited,
      ),
    ],
    now,
  );
  const message = invited ? `You joined ${allianceLabel(alliance)}` : `${joining.username} joined ${allianceLabel(alliance)}`;
  return { message, allianceId: alliance.id, notices, balances: [] };
}

/**
 * An invitation or a request ends unanswered: the player it names, or the alliance's officers, say
 * no (an invitation declined or withdrawn, a request withdrawn or declined). Its place among the
 * alliance's open ones (MAX_OPEN_ALLIANCE_APPLICATIONS) is free again.
 */
export async function declineApplication({ tx, now }: Work, actor: Player, applicationId: number): Promise<AllianceOutcome> {
  const [found] = await tx<{ alliance_id: number }[]>`select alliance_id from alliance_applications where id = ${applicationId}`;
  if (!found) throw notFound('Invitation or request not found');
  const alliance = await lockAlliance(tx, found.alliance_id);
  const [application] = await tx<{ user_id: string; username: string; kind: ApplicationKind; status: string }[]>`
    select a.user_id, u.username, a.kind, a.status
      from alliance_applications a join users u on u.id = a.user_id
     where a.id = ${applicationId} for no key update of a`;
  if (application.status !== 'open') throw conflict('That invitation or request is no longer open');
  const own = application.user_id === actor.id;
  if (!own) await requireRole(tx, alliance, actor.id, 'officer', 'answer invitations and requests of');
  await tx`update alliance_applications set status = 'ended', answered_by = ${actor.id}, ended_at = ${now} where id = ${applicationId}`;
  const label = allianceLabel(alliance);
  const message = own
    ? application.kind === 'invitation'
      ? `You declined the invitation to ${label}`
      : `You withdrew your request to join ${label}`
    : application.kind === 'invitation'
      ? `The invitation of ${application.username} is withdrawn`
      : `The request of ${application.username} is declined`;
  return { message, allianceId: alliance.id, notices: [], balances: [], touched: [application.user_id] };
}

/** Takes a player out of its alliance; its pending payouts end with it. */
async function dropMember(tx: Tx, allianceId: number, userId: string): Promise<void> {
  await tx`delete from alliance_members where alliance_id = ${allianceId} and user_id = ${userId}`;
  await tx`update alliance_payouts set status = 'cancelled' where alliance_id = ${allianceId} and to_user_id = ${userId} and status = 'pending'`;
}

/**
 * A member leaves. The last member's leaving closes the alliance: what its treasury holds goes to
 * that member (docs/rules.md §4 "Alliances", "Closing"), its pending payouts and open
 * invitations and requests end, and its name and tag are free again.
 */
export async function leave({ tx, now }: Work, actor: Player, allianceId: number): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  const role = await requireRole(tx, alliance, actor.id, 'member', 'leave');
  const [{ members }] = await tx<
    { members: number }[]
  >`select count(*)::int as members from alliance_members where alliance_id = ${allianceId}`;
  const refusal = leaveRefusal(role, members);
  if (refusal) throw conflict(refusal);
  await lockAccounts(tx, [alliance.treasury_id, actor.id]);
  await dropMember(tx, allianceId, actor.id);
  if (members > 1) return { message: `You left ${allianceLabel(alliance)}`, allianceId, notices: [], balances: [] };
  const [{ balance }] = await tx<{ balance: string }[]>`select drk_balance::text as balance from users where id = ${alliance.treasury_id}`;
  const left = Number(balance);
  if (left > 0)
    await transfer(
      tx,
      alliance.treasury_id,
      actor.id,
      { amount: left, reason: 'alliance_close', reference: `alliance:${allianceId}` },
      now,
    );
  await tx`update alliances set closed_at = ${now} where id = ${allianceId}`;
  await tx`update alliance_payouts set status = 'cancelled' where alliance_id = ${allianceId} and status = 'pending'`;
  await tx`update alliance_applications set status = 'ended', ended_at = ${now} where alliance_id = ${allianceId} and status = 'open'`;
  const returned = left > 0 ? `; its treasury's ${formatDrk(left)} is yours` : '';
  return {
    message: `You left ${allianceLabel(alliance)}, its last member: it has closed${returned}`,
    allianceId,
    notices: [],
    balances: left > 0 ? [alliance.treasury_id, actor.id] : [],
  };
}

async function memberNamed(tx: Tx, alliance: LockedAlliance, username: string): Promise<Player & { role: AllianceRole }> {
  const player = await playerNamed(tx, username);
  const membership = await membershipOf(tx, player.id);
  if (!membership || membership.alliance_id !== alliance.id)
    throw notFound(`${player.username} is no member of ${allianceLabel(alliance)}`);
  return { ...player, role: membership.role };
}

export async function removeMember({ tx, now }: Work, actor: Player, allianceId: number, username: string): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  const role = await requireRole(tx, alliance, actor.id, 'officer', 'remove members of');
  const target = await memberNamed(tx, alliance, username);
  if (target.id === actor.id) throw conflict('To leave your alliance, leave it');
  const refusal = removalRefusal(role, target.role);
  if (refusal) throw forbidden(refusal);
  await lockAccounts(tx, [target.id]);
  await dropMember(tx, allianceId, target.id);
  const notices = await notify(tx, [allianceRemoved(target.id, allianceLabel(alliance), actor.username)], now);
  return { message: `You removed ${target.username} from ${allianceLabel(alliance)}`, allianceId, notices, balances: [] };
}

/** The leader makes a member an officer, or an officer a member again. */
export async function setRole(
  { tx }: Work,
  actor: Player,
  allianceId: number,
  body: { username: string; role: 'officer' | 'member' },
): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'leader', 'promote members of');
  const target = await memberNamed(tx, alliance, body.username);
  if (target.role === 'leader') throw conflict('The leader hands the leadership over instead');
  await tx`update alliance_members set role = ${body.role} where user_id = ${target.id}`;
  const message = body.role === 'officer' ? `${target.username} is now an officer` : `${target.username} is now a member`;
  return { message, allianceId, notices: [], balances: [] };
}

/** The leader hands the leadership to another member and becomes an officer. */
export async function handOver({ tx }: Work, actor: Player, allianceId: number, username: string): Promise<AllianceOutcome> {
  const alliance = await lockAlliance(tx, allianceId);
  await requireRole(tx, alliance, actor.id, 'leader', 'hand over the leadership of');
  const target = await memberNamed(tx, alliance, username);
  if (target.id === actor.id) throw conflict('You already lead it');
  await tx`update alliance_members set role = 'officer' where user_id = ${actor.id}`;
  await tx`update alliance_members set role = 'leader' where user_id = ${target.id}`;
  return { message: `${target.username} now leads ${allianceLabel(alliance)}`, allianceId, notices: [], balances: [] };
}
