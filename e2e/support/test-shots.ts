import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Where a browser test keeps the pictures it takes of what it checked, for a person to look at after
// a run. The images in docs/screenshots/ are tracked: only the screenshot scripts (e2e/*screenshots*.ts) write them.
export const TEST_SHOTS_DIR = join(tmpdir(), 'wanakt-test-shots');

/** The path for a test's picture called `name` (Playwright makes the folder). */
export function testShot(name: string): string {
  return join(TEST_SHOTS_DIR, name);
}
