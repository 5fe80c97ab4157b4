// docs/rules.md §11 "Mail": who gets the digest, and what time it covers.

/** A player whose game said it was there this recently is online: its client says so every 5 minutes. */
export const ONLINE_WITHIN_MS = 10 * 60 * 1000;

export interface DigestFacts {
  /** When the last digest was queued for the player, if ever. */
  digestSentAt: Date | null;
  /** When its game last said it was there, if ever. */
  lastSeenAt: Date | null;
  /** When the account was made: the start when neither of the above is known. */
  createdAt: Date;
}

/**
 * The time a digest queued `now` covers: from the last digest or the player's last visit, whichever
 * is later (what happened before that it has read already), to now. Null for a player online now:
 * it is reading the game, not its mail.
 */
export function digestWindow(facts: DigestFacts, now: Date): { from: Date; to: Date } | null {
  if (facts.lastSeenAt && now.getTime() - facts.lastSeenAt.getTime() < ONLINE_WITHIN_MS) return null;
  const from = Math.max(facts.createdAt.getTime(), facts.digestSentAt?.getTime() ?? 0, facts.lastSeenAt?.getTime() ?? 0);
  return from < now.getTime() ? { from: new Date(from), to: now } : null;
}
