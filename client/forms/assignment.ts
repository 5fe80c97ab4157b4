import { AssignBody } from '../../schema/api/territories.ts';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';

export type AssignmentBadge = 'GIFT ASSIGNMENT' | 'PAID ASSIGNMENT';

/** docs/rules.md §4 and §5 "Assignment": a price of 0 is a gift. */
export function assignmentBadge(price: number): AssignmentBadge {
  return price === 0 ? 'GIFT ASSIGNMENT' : 'PAID ASSIGNMENT';
}

export interface AssignmentFields {
  territoryId: string;
  userId: string;
  price: string;
}

export type AssignmentCheck = { ok: true; territoryId: number; userId: string; price: number } | { ok: false; message: string };

export const ASSIGNMENT_MISSING = 'Please select both a territory and a user';
export const ASSIGNMENT_BAD_PRICE = 'The price must be 0 or a positive whole number of DRK';

/** The price an empty field means: docs/rules.md §5 says it defaults to 0. */
export function assignmentPrice(text: string): number | null {
  if (text.trim() === '') return 0;
  const price = parseWholeDrk(text);
  return price !== null && AssignBody.shape.price.safeParse(price).success ? price : null;
}

export function checkAssignment(fields: AssignmentFields): AssignmentCheck {
  if (!fields.territoryId || !fields.userId) return { ok: false, message: ASSIGNMENT_MISSING };
  const price = assignmentPrice(fields.price);
  if (price === null) return { ok: false, message: ASSIGNMENT_BAD_PRICE };
  return { ok: true, territoryId: Number(fields.territoryId), userId: fields.userId, price };
}
