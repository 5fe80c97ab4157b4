import {
  END_BEFORE_START,
  specialEventState,
  type ActiveEventsDto,
  type SpecialEventColor,
  type SpecialEventCreateBody,
  type SpecialEventDto,
  type SpecialEventIcon,
  type SpecialEventPatchBody,
  type TerritoryEventCreateBody,
  type TerritoryEventDto,
  type TerritoryEventPatchBody,
} from '../../../schema/api/events.ts';
import type { SpecialEventType } from '../../../schema/constants.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { badInput, notFound } from '../../errors.ts';

// Reads and the Wanakt's management of territory events and special events. Whether a special
// event's bonus applies is read by activeEventMultiplier (special-events.ts) from these same rows.

interface TerritoryEventRow {
  id: number;
  territory_id: number;
  territory_name: string;
  name: string;
  is_live: boolean;
  scheduled_at: Date;
}

interface SpecialEventRow {
  id: number;
  name: string;
  description: string;
  icon: SpecialEventIcon;
  color: SpecialEventColor;
  bonus_multiplier: string;
  event_type: SpecialEventType;
  start_date: Date;
  end_date: Date;
  is_active: boolean;
}

// Finished special events are history; the list keeps the latest few so it stays bounded.
const ENDED_LISTED = 20;
const TERRITORY_EVENTS_LISTED = 50;

const territoryEventDto = (row: TerritoryEventRow): TerritoryEventDto => ({ ...row, scheduled_at: row.scheduled_at.toISOString() });

function specialEventDto(row: SpecialEventRow, now: Date): SpecialEventDto {
  const state = specialEventState(row, now);
  return {
    ...row,
    bonus_multiplier: Number(row.bonus_multiplier),
    start_date: row.start_date.toISOString(),
    end_date: row.end_date.toISOString(),
    state,
    seconds_remaining: state === 'active' ? Math.ceil((row.end_date.getTime() - now.getTime()) / 1000) : null,
  };
}

const territoryEventColumns = (q: Queryable) => q`e.id, e.territory_id, t.name as territory_name, e.name, e.is_live, e.scheduled_at`;
const specialEventColumns = (q: Queryable) =>
  q`id, name, description, icon, color, bonus_multiplier::text, event_type, start_date, end_date, is_active`;

async function assertTerritoryExists(sql: Queryable, territoryId: number): Promise<void> {
  const [territory] = await sql`select 1 from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
}

async function readTerritoryEvent(sql: Queryable, id: number): Promise<TerritoryEventDto> {
  const [row] = await sql<TerritoryEventRow[]>`
    select ${territoryEventColumns(sql)} from territory_events e join territories t on t.id = e.territory_id where e.id = ${id}`;
  if (!row) throw notFound('Event not found');
  return territoryEventDto(row);
}

/** docs/rules.md §4 "Event": the special events running now and the territory events that are live. */
export async function listActiveEvents(sql: Queryable, now: Date): Promise<ActiveEventsDto> {
  const territoryRows = await sql<TerritoryEventRow[]>`
    select ${territoryEventColumns(sql)} from territory_events e join territories t on t.id = e.territory_id
     where e.is_live order by e.scheduled_at, e.id`;
  const specialRows = await sql<SpecialEventRow[]>`
    select ${specialEventColumns(sql)} from special_events
     where is_active and start_date <= ${now} and end_date > ${now} order by end_date, id`;
  return { territory_events: territoryRows.map(territoryEventDto), special_events: specialRows.map((row) => specialEventDto(row, now)) };
}

/** One territory's events: the live ones first, then those still to come, soonest first. */
export async function listTerritoryEvents(sql: Queryable, territoryId: number, now: Date): Promise<TerritoryEventDto[]> {
  await assertTerritoryExists(sql, territoryId);
  const rows = await sql<TerritoryEventRow[]>`
    select ${territoryEventColumns(sql)} from territory_events e join territories t on t.id = e.territory_id
     where e.territory_id = ${territoryId} and (e.is_live or e.scheduled_at > ${now})
     order by e.is_live desc, e.scheduled_at, e.id
     limit ${TERRITORY_EVENTS_LISTED}`;
  return rows.map(territoryEventDto);
}

/** Every running and upcoming special event, then the latest that ended, each with its state. */
export async function listSpecialEvents(sql: Queryable, now: Date): Promise<SpecialEventDto[]> {
  const current = await sql<SpecialEventRow[]>`
    select ${specialEventColumns(sql)} from special_events
     where is_active and end_date > ${now} order by start_date, id`;
  const ended = await sql<SpecialEventRow[]>`
    select ${specialEventColumns(sql)} from special_events
     where not (is_active and end_date > ${now}) order by end_date desc, id desc limit ${ENDED_LISTED}`;
  return [...current, ...ended].map((row) => specialEventDto(row, now));
}

export async function createTerritoryEvent(tx: Tx, input: TerritoryEventCreateBody): Promise<TerritoryEventDto> {
  const [row] = await tx<{ id: number }[]>`
    insert into territory_events (territory_id, name, is_live, scheduled_at)
    select id, ${input.name}, ${input.is_live ?? false}, ${input.scheduled_at} from territories where id = ${input.territory_id}
    returning id`;
  if (!row) throw notFound('Territory not found');
  return readTerritoryEvent(tx, row.id);
}

/** Renames, reschedules, takes live (`is_live: true`) or ends (`is_live: false`) a territory event. */
export async function updateTerritoryEvent(tx: Tx, id: number, patch: TerritoryEventPatchBody): Promise<TerritoryEventDto> {
  const [row] = await tx<{ id: number }[]>`
    update territory_events
       set name = coalesce(${patch.name ?? null}, name),
           scheduled_at = coalesce(${patch.scheduled_at ?? null}::timestamptz, scheduled_at),
           is_live = coalesce(${patch.is_live ?? null}::boolean, is_live)
     where id = ${id}
    returning id`;
  if (!row) throw notFound('Event not found');
  return readTerritoryEvent(tx, id);
}

export async function deleteTerritoryEvent(tx: Tx, id: number): Promise<void> {
  const deleted = await tx`delete from territory_events where id = ${id} returning id`;
  if (deleted.length === 0) throw notFound('Event not found');
}

export async function createSpecialEvent(tx: Tx, input: SpecialEventCreateBody, now: Date): Promise<SpecialEventDto> {
  if (input.end_date.getTime() <= now.getTime()) throw badInput('End date must be in the future');
  const [row] = await tx<SpecialEventRow[]>`
    insert into special_events (name, description, icon, color, bonus_multiplier, event_type, start_date, end_date)
    values (${input.name}, ${input.description}, ${input.icon}, ${input.color}, ${input.bonus_multiplier}, ${input.event_type},
            ${input.start_date}, ${input.end_date})
    returning ${specialEventColumns(tx)}`;
  return specialEventDto(row, now);
}

/**
 * Changes a special event; `is_active: false` ends it at once. The dates are checked against the
 * stored ones under a row lock, so a change of only one date still keeps the end after the start.
 */
export async function updateSpecialEvent(tx: Tx, id: number, patch: SpecialEventPatchBody, now: Date): Promise<SpecialEventDto> {
  const [stored] = await tx<SpecialEventRow[]>`select ${specialEventColumns(tx)} from special_events where id = ${id} for no key update`;
  if (!stored) throw notFound('Event not found');
  const next = { ...stored, ...definedFields(patch) };
  if (next.end_date.getTime() <= next.start_date.getTime()) throw badInput(END_BEFORE_START);
  const [updated] = await tx<SpecialEventRow[]>`
    update special_events
       set name = ${next.name}, description = ${next.description}, icon = ${next.icon}, color = ${next.color},
           bonus_multiplier = ${next.bonus_multiplier}, event_type = ${next.event_type},
           start_date = ${next.start_date}, end_date = ${next.end_date}, is_active = ${next.is_active}
     where id = ${id}
    returning ${specialEventColumns(tx)}`;
  return specialEventDto(updated, now);
}

function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
