import { create } from 'zustand';
import { withActivity } from '../../schema/state/activity.ts';
import type { ActivityItem } from '../../schema/state/messages.ts';

const SHOWN = 50;

interface ActivityState {
  /** Newest first. */
  items: ActivityItem[];
  add: (items: readonly ActivityItem[]) => void;
  clear: () => void;
}

/** The world's activity feed, filled by the room while someone shows it. */
export const useActivity = create<ActivityState>()((set) => ({
  items: [],
  add: (items) => set((state) => ({ items: withActivity(state.items, items, SHOWN) })),
  clear: () => set({ items: [] }),
}));
