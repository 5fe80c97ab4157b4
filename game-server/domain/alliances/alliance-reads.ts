import type { AllianceBoard, AllianceMapDto, AlliancePageDto, MyAllianceDto } from '../../../schema/api/alliances.ts';
import { lastPaidMonth } from '../social/rankings.ts';
import { isOfficer, type AllianceRole, type ApplicationKind } from '../../../schema/rules/alliances.ts';
import { notFound } from '../../errors.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { readableByMember } from './alliance-rows.ts';
import { payoutDto, readPayouts, sentToday } from './treasury.ts';

// docs/rules.md §4 "Alliances": what its page shows. The members, the land, the treasury's figures
// and the trades are anyone's to read; the payouts its members', the door its officers'.

/** The most trades and land the page shows. */
const LATEST_TRADES = 20;
const LAND_SHOWN = 500;

interface AllianceRow {
  id: number;
  name: string;
  tag: string;
  treasury_id: string;
  daily_limit: string;
  founded_at: Date;
  closed_at: Date | null;
  balance: string;
}

async function applications(sql: Queryable, where: { allianceId: number } | { userId: string }) {
  const rows = await sql<
    {
      id: number;
      alliance_id: number;
      name: string;
      tag: string;
      username: string;
      kind: ApplicationKind;
      asked_by: string;
      created_at: Date;
    }[]
  >`
    select p.id, a.id as alliance_id, a.name, a.tag, u.username, p.kind, b.username as asked_by, p.created_at
      from alliance_applications p
      join alliances a on a.id = p.alliance_id
      join users u on u.id = p.user_id
      join users b on b.id = p.asked_by
     where p.status = 'open' and ${'allianceId' in where ? sql`p.alliance_id = ${where.allianceId}` : sql`p.user_id = ${where.userId}`}
     order by p.id desc`;
  return rows.map((row) => ({
    id: row.id,
    alliance: { id: row.alliance_id, name: row.name, tag: row.tag },
    username: row.username,
    kind: row.kind,
    asked_by: row.asked_by,
    created_at: row.created_at.toISOString(),
  }));
}

export async function alliancePage(sql: Queryable, id: number, viewerId: string | null, now: Date): Promise<AlliancePageDto> {
  const [alliance] = await sql<AllianceRow[]>`
    select a.id, a.name, a.tag, a.treasury_id, a.daily_limit::text, a.founded_at, a.closed_at, u.drk_balance::text as balance
      from alliances a join users u on u.id = a.treasury_id where a.id = ${id}`;
  if (!alliance) throw notFound('Alliance not found');
  const [members, land, trades, sent] = await Promise.all([
    sql<{ user_id: string; username: string; role: AllianceRole; joined_at: Date }[]>`
      select m.user_id, u.username, m.role, m.joined_at from alliance_members m join users u on u.id = m.user_id
       where m.alliance_id = ${id}
       order by case m.role when 'leader' then 0 when 'officer' then 1 else 2 end, lower(u.username)`,
    sql<{ id: number; name: string; lat: number; lng: number; owner: string }[]>`
      select t.id, t.name, t.latitude::float8 as lat, t.longitude::float8 as lng, u.username as owner
        from alliance_members m join territories t on t.owner_id = m.user_id join users u on u.id = m.user_id
       where m.alliance_id = ${id} order by t.id limit ${LAND_SHOWN}`,
    sql<{ territory_id: number; territory_name: string; from: string | null; to: string; price: string; at: Date }[]>`
      select c.territory_id, t.name as territory_name, f.username as from, o.username as to, c.price::text, c.created_at as at
        from ownership_changes c
        join territories t on t.id = c.territory_id
        left join users f on f.id = c.from_owner_id
        join users o on o.id = c.to_owner_id
       where c.reason = 'purchase'
         and (c.from_owner_id in (select user_id from alliance_members where alliance_id = ${id})
              or c.to_owner_id in (select user_id from alliance_members where alliance_id = ${id}))
       order by c.id desc limit ${LATEST_TRADES}`,
    sentToday(sql, id, now),
  ]);
  const myRole = members.find((member) => member.user_id === viewerId)?.role ?? null;
  return {
    alliance: { id: alliance.id, name: alliance.name, tag: alliance.tag },
    founded_at: alliance.founded_at.toISOString(),
    closed_at: alliance.closed_at?.toISOString() ?? null,
    members: members.map((member) => ({ username: member.username, role: member.role, joined_at: member.joined_at.toISOString() })),
    treasury: { balance: Number(alliance.balance), daily_limit: Number(alliance.daily_limit), sent_today: sent },
    land,
    trades: trades.map((trade) => ({ ...trade, price: Number(trade.price), at: trade.at.toISOString() })),
    my_role: myRole,
    payouts: myRole ? (await readPayouts(sql, { allianceId: id })).map(payoutDto) : [],
    applications: isOfficer(myRole) ? await applications(sql, { allianceId: id }) : [],
  };
}

export async function myAlliance(sql: Queryable, userId: string): Promise<MyAllianceDto> {
  const [row] = await sql<{ id: number; name: string; tag: string; role: AllianceRole }[]>`
    select a.id, a.name, a.tag, m.role from alliance_members m join alliances a on a.id = m.alliance_id where m.user_id = ${userId}`;
  return {
    alliance: row ? { id: row.id, name: row.name, tag: row.tag } : null,
    role: row?.role ?? null,
    applications: await applications(sql, { userId }),
  };
}

// The column each board ranks by, as SQL of its own rather than an identifier from the request.
const ORDER: Record<AllianceBoard, string> = {
  members: 'members',
  land: 'land',
  wealth: 'wealth',
  earnings: 'earnings',
  tribute: 'tribute',
};

/**
 * The open alliances ranked by one standing (docs/rules.md §4 "Alliances", "Standing"), each
 * figure its members' as the players' boards count them (schema/api/rankings.ts), the wealth with
 * the treasury; ties by id.
 */
export async function listAlliances(sql: Queryable, by: AllianceBoard, limit: number, now: Date) {
  const rows = await sql<
    { id: number; name: string; tag: string; members: number; land: number; wealth: string; earnings: string; tribute: string }[]
  >`
    with standing as (
      select a.id, a.name, a.tag, count(m.user_id)::int as members,
             coalesce(sum((select count(*) from territories t where t.owner_id = m.user_id)), 0)::int as land,
             coalesce(sum(u.drk_balance), 0) + tr.drk_balance as wealth,
             coalesce(sum((select sum(owner_paid) from territory_earnings e where e.owner_id = m.user_id and e.month = ${lastPaidMonth(now)})), 0) as earnings,
             coalesce(sum((select sum(amount) from rent_payments r where r.payee_id = m.user_id and r.paid_at is not null and r.linked is null)), 0) as tribute
        from alliances a
        join users tr on tr.id = a.treasury_id
        left join alliance_members m on m.alliance_id = a.id
        left join users u on u.id = m.user_id
       where a.closed_at is null
       group by a.id, tr.drk_balance
    )
    select id, name, tag, members, land, wealth::text, earnings::text, tribute::text from standing
     order by ${sql.unsafe(ORDER[by])} desc, id limit ${limit}`;
  return {
    alliances: rows.map((row) => ({ ...row, wealth: Number(row.wealth), earnings: Number(row.earnings), tribute: Number(row.tribute) })),
  };
}

/**
 * The alliances the map's alliance mode colours: the `limit` with the most land (the oldest first on
 * a tie, so colours do not swap between equals), and the viewer's own wherever it ranks.
 */
export async function allianceMap(sql: Queryable, limit: number, viewerId: string | null): Promise<AllianceMapDto> {
  const rows = await sql<{ id: number; name: string; tag: string; land: number; members: string[] }[]>`
    with land as (
      select a.id, a.name, a.tag, count(t.id)::int as land,
             exists (select 1 from alliance_members v where v.alliance_id = a.id and v.user_id = ${viewerId}) as own
        from alliances a
        join alliance_members m on m.alliance_id = a.id
        left join territories t on t.owner_id = m.user_id
       where a.closed_at is null
       group by a.id
    ), shown as (
      select * from land order by land desc, id limit ${limit}
    )
    select l.id, l.name, l.tag, l.land, array_agg(m.user_id order by m.user_id collate "C") as members
      from land l
      join alliance_members m on m.alliance_id = l.id
     where l.id in (select id from shown) or l.own
     group by l.id, l.name, l.tag, l.land
     order by l.land desc, l.id`;
  return { alliances: rows };
}

/** Each named player's tag, keyed by the name as asked (names match whatever their case). */
export async function tagsOf(sql: Queryable, names: readonly string[]): Promise<{ tags: Record<string, string> }> {
  if (names.length === 0) return { tags: {} };
  const rows = await sql<{ asked: string; tag: string }[]>`
    select n.asked, a.tag
      from unnest(${names as string[]}::text[]) as n (asked)
      join users u on lower(u.username) = lower(n.asked)
      join alliance_members m on m.user_id = u.id
      join alliances a on a.id = m.alliance_id`;
  return { tags: Object.fromEntries(rows.map((row) => [row.asked, row.tag])) };
}

/** The treasury's account, for its statement: its members' alone to read. */
export async function treasuryFor(sql: Queryable, allianceId: number, viewerId: string): Promise<string> {
  return (await readableByMember(sql, allianceId, viewerId, () => "Only an alliance's members read its statement")).treasury_id;
}
