/**
 * The last answer of `load` for `ttlMs`, shared by every caller; callers that arrive while it
 * loads wait for that one load instead of starting their own.
 */
export function briefCache<T>(ttlMs: number, clock: () => Date, load: () => Promise<T>): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = clock().getTime();
    if (!entry || now - entry.at >= ttlMs || now < entry.at) {
      const value = load();
      entry = { at: now, value };
      value.catch(() => {
        if (entry?.value === value) entry = null;
      });
    }
    return entry.value;
  };
}
