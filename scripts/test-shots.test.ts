import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The images in docs/screenshots/ are tracked and shown by the README: only the screenshot scripts
// (e2e/*screenshots*.ts) write them. A browser test keeps its pictures in e2e/support/test-shots.ts's folder.
const E2E = new URL('../e2e/', import.meta.url).pathname;

describe('docs/screenshots/', () => {
  it('is written by no browser test', () => {
    const files = readdirSync(E2E, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !/screenshots/.test(file),
    );
    expect(files.length).toBeGreaterThan(10);
    // A path in a string: the folder named in a comment writes nothing.
    const writers = files.filter((file) => /['"`]docs\/screenshots/.test(readFileSync(join(E2E, file), 'utf8')));
    expect(writers).toEqual([]);
  });
});
