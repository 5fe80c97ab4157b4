// docs/rules.md §9 names, hardened against impersonation: what a name a player chooses may contain. The
// collision check against existing names (the TR39 skeleton) runs on the server, which holds the
// confusables data.

/**
 * Characters that show nothing or change how the text around them is drawn: controls (Cc),
 * format characters (Cf: zero-width spaces and joiners, bidirectional overrides and isolates,
 * the BOM), other default-ignorable code points (the Hangul fillers, variation selectors), line
 * and paragraph separators, private-use, surrogate and unassigned code points, and blanks that
 * are not the ASCII space (the braille blank, the ideographic space that NFKC leaves).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{White_Space}/u;

/** Names only the game itself uses, so nobody can pass for its staff. Compared by skeleton. */
export const RESERVED_NAMES = [
  'wanakt',
  'admin',
  'administrator',
  'system',
  'moderator',
  'mod',
  'root',
  'support',
  'staff',
  'official',
  'owner',
  'server',
  'game',
  'help',
  'security',
  'wanakt world',
  'wanaktworld',
  'the wanakt',
] as const;

export const INVISIBLE_NAME_MESSAGE = 'Names may not contain control, invisible or direction-changing characters';
export const RESERVED_NAME_MESSAGE = 'That name is reserved for the game: choose another';
export const NAME_NEEDS_LETTER_MESSAGE = 'Names need at least one letter or digit';

/** The form a name is stored and compared in: compatibility characters folded (fullwidth ｗ is w), spaces squeezed. */
export function normaliseName(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
}

/** Why a normalised name cannot be chosen, or null when it can. */
export function nameProblem(name: string): string | null {
  if (INVISIBLE.test(name)) return INVISIBLE_NAME_MESSAGE;
  if (!/[\p{L}\p{N}]/u.test(name)) return NAME_NEEDS_LETTER_MESSAGE;
  if (/^\p{M}/u.test(name)) return INVISIBLE_NAME_MESSAGE;
  return null;
}
