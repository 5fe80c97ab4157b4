// What a person types into a form field, read the way the server reads the JSON it becomes: the
// browser's forms use these so they can never accept what the server refuses, or the reverse.

// DRK amounts are whole numbers (docs/rules.md §9): a plain non-negative integer, no fractions, exponents,
// signs or letters.
const WHOLE_NUMBER = /^\d+$/;

/** The whole DRK amount typed into a field, or null when the text is not one. */
export function parseWholeDrk(text: string): number | null {
  const trimmed = text.trim();
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}
