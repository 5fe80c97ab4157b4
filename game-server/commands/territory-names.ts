import { RESERVED_NAME_MESSAGE } from '../../schema/rules/names.ts';
import { isReservedName, nameSkeleton } from '../domain/names/name-skeleton.ts';
import type { Tx } from '../infra/db/database.ts';
import { conflict } from '../errors.ts';

export const LOOKALIKE_TERRITORY_MESSAGE = "That name looks like another territory's name: choose another";

// Names change one at a time, so two owners renaming to lookalikes at once cannot both find theirs free.
const TERRITORY_NAMES_LOCK = 0x7e_21_0001;

/**
 * Refuses a territory name that could pass for the game (a reserved name, anything built on
 * "wanakt"), unless the Wanakt gives it, or that looks like another territory's name by the same
 * confusable skeleton as players' names. Names change rarely and the world holds thousands of
 * territories, not millions, so the skeletons are computed here rather than stored.
 */
export async function refuseTerritoryName(tx: Tx, name: string, options: { territoryId: number; byWanakt: boolean }): Promise<void> {
  if (!options.byWanakt && isReservedName(name)) throw conflict(RESERVED_NAME_MESSAGE);
  await tx`select pg_advisory_xact_lock(${TERRITORY_NAMES_LOCK})`;
  const skeleton = nameSkeleton(name);
  const others = await tx<{ name: string }[]>`select name from territories where id <> ${options.territoryId}`;
  if (others.some((other) => nameSkeleton(other.name) === skeleton)) throw conflict(LOOKALIKE_TERRITORY_MESSAGE);
}
