import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_BAD_PRICE, ASSIGNMENT_MISSING, assignmentBadge, assignmentPrice, checkAssignment } from './assignment.ts';

describe('[§5 assignment] the territory assignment form', () => {
  it('when the price is 0, then the badge reads GIFT ASSIGNMENT, otherwise PAID ASSIGNMENT', () => {
    expect(assignmentBadge(0)).toBe('GIFT ASSIGNMENT');
    expect(assignmentBadge(1)).toBe('PAID ASSIGNMENT');
    expect(assignmentBadge(2500)).toBe('PAID ASSIGNMENT');
  });

  it('when the price field is empty, then the price defaults to 0', () => {
    expect(assignmentPrice('')).toBe(0);
    expect(checkAssignment({ territoryId: '7', userId: 'sample-user', price: '' })).toEqual({
      ok: true,
      territoryId: 7,
      userId: 'sample-user',
      price: 0,
    });
  });

  it('when the territory or the user is missing, then the form is refused', () => {
    expect(checkAssignment({ territoryId: '', userId: 'sample-user', price: '0' })).toEqual({ ok: false, message: ASSIGNMENT_MISSING });
    expect(checkAssignment({ territoryId: '7', userId: '', price: '0' })).toEqual({ ok: false, message: ASSIGNMENT_MISSING });
  });

  it('when the price is negative or fractional, then the form is refused', () => {
    expect(checkAssignment({ territoryId: '7', userId: 'u', price: '-1' })).toEqual({ ok: false, message: ASSIGNMENT_BAD_PRICE });
    expect(checkAssignment({ territoryId: '7', userId: 'u', price: '0.5' })).toEqual({ ok: false, message: ASSIGNMENT_BAD_PRICE });
  });
});
