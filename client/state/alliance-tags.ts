import { useEffect, useSyncExternalStore } from 'react';
import { MAX_TAG_LOOKUPS } from '../../schema/api/alliances.ts';
import { read } from '../api.ts';

// docs/rules.md §4 "Alliances": the tag beside every member's name. The names a screen shows are
// asked about together, one GET /api/alliances/tags for up to MAX_TAG_LOOKUPS of them, and kept
// for the page's life; the player's own alliance commands forget them (forgetAllianceTags).

const known = new Map<string, string | null>();
const waiting = new Set<string>();
const listeners = new Set<() => void>();
let scheduled = false;
let version = 0;

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

async function askWaiting(): Promise<void> {
  scheduled = false;
  const names = [...waiting].slice(0, MAX_TAG_LOOKUPS);
  names.forEach((name) => waiting.delete(name));
  if (waiting.size > 0) schedule();
  try {
    const answer = await read('/alliances/tags', { names: names.join(',') });
    for (const name of names) known.set(name, answer.tags[name] ?? null);
  } catch {
    // A tag is decoration: a failed read shows the names without, and the next screen asks again.
    return;
  }
  changed();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => void askWaiting(), 10);
}

function want(name: string): void {
  // A comma separates the names asked about, so a name holding one is not asked about.
  if (known.has(name) || waiting.has(name) || name.includes(',')) return;
  waiting.add(name);
  schedule();
}

/** The player's own alliance changed (founded, joined, left): every tag is asked about again. */
export function forgetAllianceTags(): void {
  known.clear();
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tag of this player's alliance, or null (none, or not known yet). */
export function useAllianceTag(name: string): string | null {
  useSyncExternalStore(subscribe, () => version);
  useEffect(() => want(name), [name, version]);
  return known.get(name) ?? null;
}
