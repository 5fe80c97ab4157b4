import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from './toasts.ts';

vi.mock('./room.ts', () => ({ connectWorld: () => {} }));

const { broadcastChanged } = await import('./live-facts.ts');

// The toasts shown, read from the real toast store: the unit files share one module graph per worker
// (vitest.config.ts), so a mock of the toast module would not reach a live-facts another file loaded first.
const toasts: { title: string }[] = [];
const stopWatching = useToasts.subscribe((state, before) => {
  if (state.current && state.current.id !== before.current?.id) toasts.push({ title: state.current.title });
});
afterAll(stopWatching);

const broadcast = (id: number, createdAt: string) => ({ id, senderName: 'herald', message: `news ${id}`, createdAt });

describe('[broadcast removal] the broadcast on show changes', () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  it('when a newer broadcast arrives, then the player is told of it', () => {
    broadcastChanged(broadcast(2, '2026-11-26T03:00:00.000Z'), broadcast(1, '2026-11-25T03:00:00.000Z'));
    broadcastChanged(broadcast(3, '2026-11-26T04:00:00.000Z'), null);
    expect(toasts.map((toast) => toast.title)).toEqual(['Broadcast from herald', 'Broadcast from herald']);
  });

  it('when the Wanakt removes the one shown, then the older one left (or none) shows without a word', () => {
    broadcastChanged(broadcast(1, '2026-11-25T03:00:00.000Z'), broadcast(2, '2026-11-26T03:00:00.000Z'));
    broadcastChanged(null, broadcast(1, '2026-11-25T03:00:00.000Z'));
    expect(toasts).toEqual([]);
  });
});
