import { confusablesMap } from 'confusables';
import { RESERVED_NAMES } from '../../../schema/rules/names.ts';

// The `confusables` package is a homoglyph table (Cyrillic а → a, Greek Α → A, mathematical and
// enclosed letters, ...), not Unicode's confusables.txt, and its `remove()` is no TR39 skeleton.
// So the skeleton follows TR39's algorithm (decompose, map every character to its prototype,
// decompose again) with that table as the map, plus the Latin prototypes of confusables.txt that
// the table lacks (I and 1 look like l, 0 like o, rn like m, vv like w, cl like d). It then goes
// further than TR39 for a game's names: letter case, accents and separators are dropped too, so
// Wanakt, wanákt and wan_akt all share the skeleton `wanakt`. Names compare without case, so i
// joins I, 1 and l.
const LATIN_PROTOTYPES: [RegExp, string][] = [
  [/[il1|!ǀ]/g, 'l'],
  [/0/g, 'o'],
];
const LATIN_PAIRS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];
const SEPARATORS = /[\s_.\-·'’]/g;

const mapped = (text: string) => Array.from(text, (char) => confusablesMap.get(char) ?? char).join('');

/** Two names with the same skeleton look alike; the unique index on it keeps only the first. */
export function nameSkeleton(name: string): string {
  let text = mapped(mapped(name.normalize('NFKD')).toLowerCase()).toLowerCase();
  text = text.normalize('NFKD').replace(/\p{M}/gu, '').replace(SEPARATORS, '');
  for (const [pattern, prototype] of [...LATIN_PROTOTYPES, ...LATIN_PAIRS]) text = text.replace(pattern, prototype);
  return text;
}

const RESERVED = new Set(RESERVED_NAMES.map(nameSkeleton));
const THE_WANAKT = nameSkeleton('wanakt');

/** Whether a name could pass for the game or its staff: a reserved name, or anything built on "wanakt". */
export function isReservedName(name: string): boolean {
  const skeleton = nameSkeleton(name);
  return RESERVED.has(skeleton) || skeleton.includes(THE_WANAKT);
}
