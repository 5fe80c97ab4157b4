import { describe, expect, it } from 'vitest';
import { digestWindow } from './digest.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-30T08:00:00Z');

describe('[§11 mail] the digest’s window', () => {
  it('covers from the last digest or the last visit, whichever is later, to now', () => {
    const createdAt = at('2026-01-01T00:00:00Z');
    expect(digestWindow({ createdAt, digestSentAt: at('2026-11-23T08:00:00Z'), lastSeenAt: at('2026-11-25T10:00:00Z') }, now)).toEqual({
      from: at('2026-11-25T10:00:00Z'),
      to: now,
    });
    expect(digestWindow({ createdAt, digestSentAt: at('2026-11-23T08:00:00Z'), lastSeenAt: at('2026-11-20T10:00:00Z') }, now)).toEqual({
      from: at('2026-11-23T08:00:00Z'),
      to: now,
    });
    expect(digestWindow({ createdAt, digestSentAt: null, lastSeenAt: null }, now)).toEqual({ from: createdAt, to: now });
  });

  it('sends nothing to a player online now', () => {
    expect(
      digestWindow({ createdAt: at('2026-01-01T00:00:00Z'), digestSentAt: null, lastSeenAt: at('2026-11-30T07:55:00Z') }, now),
    ).toBeNull();
    expect(
      digestWindow({ createdAt: at('2026-01-01T00:00:00Z'), digestSentAt: null, lastSeenAt: at('2026-11-30T07:49:00Z') }, now),
    ).not.toBeNull();
  });
});
