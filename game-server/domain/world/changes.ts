import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { inSnapshot, type Sql } from '../../infra/db/database.ts';
import { outboxHead } from '../../infra/events/outbox.ts';
import { listTerritories, readTerritories } from './territories.ts';

/** Territories as they stood after the outbox's event number `seq`. */
export interface WorldAt {
  seq: number;
  territories: TerritoryDto[];
}

// A command writes its rows and its outbox number in one transaction, so rows and number read in
// one snapshot agree: every change up to `seq` is in the rows, and none after it.

/** The whole world and the event number it reflects. */
export function worldAt(sql: Sql): Promise<WorldAt> {
  return inSnapshot(sql, async (tx) => ({ seq: await outboxHead(tx), territories: await listTerritories(tx) }));
}

/**
 * The territories changed by events after `since`, in id order, with the newest event number; null
 * when the outbox no longer holds every event since then (pruned, or a number it never gave), and
 * only the whole world can bring the reader up to date.
 */
export function territoriesChangedSince(sql: Sql, since: number): Promise<WorldAt | null> {
  return inSnapshot(sql, async (tx) => {
    const seq = await outboxHead(tx);
    if (since > seq) return null;
    if (since === seq) return { seq, territories: [] };
    const [{ oldest }] = await tx<{ oldest: string | null }[]>`select min(seq)::text as oldest from outbox`;
    if (oldest === null || Number(oldest) > since + 1) return null;
    const changed = await tx<{ id: number }[]>`
      select distinct changed.id::int as id
        from outbox, jsonb_array_elements_text(outbox.event -> 'territoryIds') as changed (id)
       where outbox.seq > ${since} and outbox.event ->> 'type' = 'territories.changed'`;
    return {
      seq,
      territories: await readTerritories(
        tx,
        changed.map((row) => row.id),
      ),
    };
  });
}
