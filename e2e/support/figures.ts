import type { Locator } from 'playwright-core';

/** A figure as a screen shows it ('1,234 DRK', '−150 DRK', '216 DRK / month'), as a number. */
export function figure(text: string | null): number {
  const digits = (text ?? '').replace(/[^0-9]/g, '');
  if (digits === '') throw new Error(`No figure in '${text}'`);
  return (/[−-]\s*\d/.test(text ?? '') ? -1 : 1) * Number(digits);
}

export const figures = async (locator: Locator) => (await locator.allTextContents()).map(figure);
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
