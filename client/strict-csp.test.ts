// Imported in the entry's order: this setting first, zod after it.
import './strict-csp.ts';
import { config } from 'zod';
import { describe, expect, it } from 'vitest';

describe('[CSP] zod is told not to compile code before any schema is built', () => {
  it('when the entry has run, then zod, loaded after it, reads jitless from the setting the entry left', () => {
    expect(config().jitless).toBe(true);
  });
});
