// DRK amounts are whole numbers (SPEC §9), so a form amount is a plain non-negative integer; anything
// else (fractions, exponents, signs, letters) is not an amount.
const WHOLE_NUMBER = /^\d+$/;

/** The whole DRK amount typed into a field, or null when the text is not one. */
export function parseWholeDrk(text: string): number | null {
  const trimmed = text.trim();
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}
