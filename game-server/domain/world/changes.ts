import type { KeyedPage, PageRequest } from '../../../schema/api/pages.ts';
import { WORLD_PAGE_SIZE } from '../../../schema/api/territory-list.ts';
import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { inSnapshot, type Sql } from '../../infra/db/database.ts';
import { outboxHead } from '../../infra/events/outbox.ts';
import { pageTerritories, readTerritories } from './territories.ts';

/** Territories as they stood after the outbox's event number `seq`, and where the next page of the world starts. */
export interface WorldAt extends KeyedPage<TerritoryDto, number> {
  seq: number;
}

// A command writes its rows and its outbox number in one transaction, so rows and number read in
// one snapshot agree: every change up to `seq` is in the rows, and none after it.

/** A page of the world in id order (the first one when `after` is null) and the event number it reflects. */
export function worldAt(sql: Sql, page: PageRequest<number> = { after: null, limit: WORLD_PAGE_SIZE }): Promise<WorldAt> {
  return inSnapshot(sql, async (tx) => ({ seq: await outboxHead(tx), ...(await pageTerritories(tx, page)) }));
}

/** The territories of these ids in id order, and the event number they reflect. */
export function territoriesAt(sql: Sql, ids: readonly number[]): Promise<WorldAt> {
  return inSnapshot(sql, async (tx) => ({ seq: await outboxHead(tx), rows: await readTerritories(tx, ids), next: null }));
}

/**
 * The territories changed by events after `since`, in id order, with the newest event number; null
 * when the outbox no longer holds every event since then (pruned, or a number it never gave), or
 * when more changed than a page holds: then only the world read afresh, page by page, brings the
 * reader up to date.
 */
export function territoriesChangedSince(sql: Sql, since: number): Promise<WorldAt | null> {
  return inSnapshot(sql, async (tx) => {
    const seq = await outboxHead(tx);
    if (since > seq) return null;
    if (since === seq) return { seq, rows: [], next: null };
    const [{ oldest }] = await tx<{ oldest: string | null }[]>`select min(seq)::text as oldest from outbox`;
    if (oldest === null || Number(oldest) > since + 1) return null;
    const changed = await tx<{ id: number }[]>`
      select distinct changed.id::int as id
        from outbox, jsonb_array_elements_text(outbox.event -> 'territoryIds') as changed (id)
       where outbox.seq > ${since} and outbox.event ->> 'type' = 'territories.changed'
       limit ${WORLD_PAGE_SIZE + 1}`;
    if (changed.length > WORLD_PAGE_SIZE) return null;
    return {
      seq,
      rows: await readTerritories(
        tx,
        changed.map((row) => row.id),
      ),
      next: null,
    };
  });
}
