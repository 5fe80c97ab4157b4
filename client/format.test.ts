import { expect, it } from 'vitest';
import { shortCountdownLabel } from './format.ts';

it("when an auction's time left goes on a map badge, then it reads in days and hours, hours and minutes, or minutes", () => {
  const minutes = (count: number) => count * 60_000;
  expect(shortCountdownLabel(minutes(3 * 1440 + 4 * 60 + 59))).toBe('3d 4h');
  expect(shortCountdownLabel(minutes(2 * 60 + 10) + 59_000)).toBe('2h 10m');
  expect(shortCountdownLabel(minutes(45))).toBe('45m');
  expect(shortCountdownLabel(59_999)).toBe('under 1m');
  expect(shortCountdownLabel(-5)).toBe('under 1m');
});
