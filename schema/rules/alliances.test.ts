import { describe, expect, it } from 'vitest';
import { dayStart, isTagShaped, leaveRefusal, normaliseTag, payoutGoesAtOnce, removalRefusal } from './alliances.ts';

describe('[§4 alliances] the pure rules', () => {
  it('when a tag is written, then it is folded to capitals and has 2 to 5 letters or digits', () => {
    expect(normaliseTag(' ｎｃ ')).toBe('NC');
    expect(['NC', 'ABCDE', 'Ж1'].map(isTagShaped)).toEqual([true, true, true]);
    expect(['N', 'ABCDEF', 'A-B', 'A B'].map(isTagShaped)).toEqual([false, false, false, false]);
  });

  it("when today's payouts and this one stay within the limit, then it goes at once; one DRK beyond, it waits", () => {
    expect(payoutGoesAtOnce(60, 40, 100)).toBe(true);
    expect(payoutGoesAtOnce(60, 41, 100)).toBe(false);
    expect(payoutGoesAtOnce(0, 1, 0)).toBe(false);
    expect(dayStart(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  it('when someone is removed or leaves, then officers remove members, the leader officers too, and the leader leaves only alone', () => {
    expect(removalRefusal('officer', 'member')).toBeNull();
    expect(removalRefusal('leader', 'officer')).toBeNull();
    expect(removalRefusal('officer', 'officer')).toBe('Only the leader removes officers');
    expect(removalRefusal('member', 'member')).toBe('Only officers and the leader remove members');
    expect(removalRefusal('leader', 'leader')).toMatch(/cannot be removed/);
    expect(leaveRefusal('leader', 2)).toBe('Hand the leadership to another member before you leave');
    expect([leaveRefusal('leader', 1), leaveRefusal('member', 5)]).toEqual([null, null]);
  });
});
