import { nameProblem, normaliseName, RESERVED_NAME_MESSAGE } from '../../../schema/rules/names.ts';
import {
  isNameLong,
  isTagShaped,
  LOOKALIKE_ALLIANCE_NAME,
  NAME_LENGTH_MESSAGE,
  LOOKALIKE_ALLIANCE_TAG,
  normaliseTag,
  TAG_MESSAGE,
} from '../../../schema/rules/alliances.ts';
import { conflict } from '../../errors.ts';
import type { Tx } from '../../infra/db/database.ts';
import { isReservedName, nameSkeleton } from '../names/name-skeleton.ts';

// Founding is rare: one at a time, so two lookalikes founded at once cannot both find theirs free
// (the unique indexes on the skeletons hold it too).
const ALLIANCE_NAMES_LOCK = 0x7e_21_0058;

export interface AllianceNames {
  name: string;
  tag: string;
  nameSkeleton: string;
  tagSkeleton: string;
}

function nameRules(text: string): void {
  const problem = nameProblem(text);
  if (problem) throw conflict(problem);
  if (isReservedName(text)) throw conflict(RESERVED_NAME_MESSAGE);
}

/**
 * docs/rules.md §4 "Alliances": a name and a tag under the name rules of usernames (no control,
 * zero-width or direction characters, nothing reserved), neither looking like an open alliance's
 * by the confusable skeleton players' names are compared by.
 */
export async function chooseAllianceNames(tx: Tx, rawName: string, rawTag: string): Promise<AllianceNames> {
  const name = normaliseName(rawName);
  const tag = normaliseTag(rawTag);
  // The body's length was checked before folding; the stored name is the folded one.
  if (!isNameLong(name)) throw conflict(NAME_LENGTH_MESSAGE);
  nameRules(name);
  nameRules(tag);
  if (!isTagShaped(tag)) throw conflict(TAG_MESSAGE);
  const names = { name, tag, nameSkeleton: nameSkeleton(name), tagSkeleton: nameSkeleton(tag) };
  await tx`select pg_advisory_xact_lock(${ALLIANCE_NAMES_LOCK})`;
  const [clash] = await tx<{ name_clash: boolean }[]>`
    select name_skeleton = ${names.nameSkeleton} as name_clash from alliances
     where closed_at is null and (name_skeleton = ${names.nameSkeleton} or tag_skeleton = ${names.tagSkeleton})
     order by name_clash desc limit 1`;
  if (clash) throw conflict(clash.name_clash ? LOOKALIKE_ALLIANCE_NAME : LOOKALIKE_ALLIANCE_TAG);
  return names;
}
