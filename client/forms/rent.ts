import { RENT_AMOUNT_INVALID, RentBody } from '../../schema/api/territories.ts';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';

export const INVALID_RENT = {
  title: 'Invalid Amount',
  description: RENT_AMOUNT_INVALID,
} as const;

/** docs/rules.md §5 "Rent amount": a number, 0 or positive (whole DRK), or null when it is not one. */
export function parseRentAmount(text: string): number | null {
  const amount = parseWholeDrk(text);
  return amount !== null && RentBody.shape.rentAmount.safeParse(amount).success ? amount : null;
}
