import { beforeEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => [] as { title: string }[]);
vi.mock('./toasts.ts', () => ({ showToast: (toast: { title: string }) => toasts.push(toast) }));
vi.mock('./room.ts', () => ({ connectWorld: () => {} }));

const { broadcastChanged } = await import('./live-facts.ts');

const broadcast = (id: number, createdAt: string) => ({ id, senderName: 'herald', message: `news ${id}`, createdAt });

describe('[issue 23 broadcast removal] the broadcast on show changes', () => {
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
