/** A player's mute as stored, or none. */
export interface Mute {
  mutedUntil: Date;
  reason: string;
}

/** Why a muted player may not post now, or null when it may. */
export function muteRefusal(mute: Mute | null, now: Date): string | null {
  if (!mute || mute.mutedUntil.getTime() <= now.getTime()) return null;
  return `You are muted until ${mute.mutedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${mute.reason}`;
}

/** When a mute of this many minutes, given now, ends. */
export function muteEnd(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
