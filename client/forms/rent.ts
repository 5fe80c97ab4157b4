import { parseWholeDrk } from './amounts.ts';

export const INVALID_RENT = {
  title: 'Invalid Amount',
  description: 'Please enter a valid rent amount (0 or positive number)',
} as const;

/** SPEC §5 "Rent amount": a number, 0 or positive (whole DRK), or null when it is not one. */
export function parseRentAmount(text: string): number | null {
  return parseWholeDrk(text);
}
