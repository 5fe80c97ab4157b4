// Control characters in what a client sends: PostgreSQL refuses NUL in text (22021) and in JSON
// (22P05), and the rest of C0, DEL and C1 only hide text or corrupt logs and exported files.
// Line breaks and tabs stay allowed in body text (descriptions, chat, broadcasts span lines);
// a path or a query string has no use for any of them.

const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const IN_ADDRESS = /[\u0000-\u001f\u007f-\u009f]/;

export const CONTROL_IN_BODY_MESSAGE = 'Text may not contain control characters';
export const CONTROL_IN_ADDRESS_MESSAGE = 'The address may not contain control characters';

/** Whether a text field of a body holds a control character other than a line break or a tab. */
export const hasControlBesidesLineBreaks = (text: string) => IN_TEXT.test(text);

/** Whether a text holds any control character: for paths, query values and single-line names. */
export const hasAnyControl = (text: string) => IN_ADDRESS.test(text);

/** The first string anywhere in a parsed JSON value (keys included) that `bad` refuses, or null. */
export function findString(value: unknown, bad: (text: string) => boolean, depth = 0): string | null {
  if (typeof value === 'string') return bad(value) ? value : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (bad(key)) return key;
    const found = findString(item, bad, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
