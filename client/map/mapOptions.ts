import { create } from 'zustand';

// What the map shows beyond the markers, toggled from the dashboard's toolbar and the owner's actions.
interface MapOptionsState {
  /** The Wanakt's pin edit mode: markers can be dragged only while it is on. */
  pinEdit: boolean;
  /** Every realm's outline: a main city (or any root) with all its vassals. */
  showBoundaries: boolean;
  /** Feudal links: a line from each vassal to its overlord. */
  showLinks: boolean;
  /** Territories whose own realm outline an owner switched on with "Borders". */
  outlined: ReadonlySet<number>;
  setPinEdit: (on: boolean) => void;
  toggleBoundaries: () => void;
  toggleLinks: () => void;
  toggleOutline: (territoryId: number) => void;
}

export const useMapOptions = create<MapOptionsState>()((set) => ({
  pinEdit: false,
  showBoundaries: false,
  showLinks: false,
  outlined: new Set(),
  setPinEdit: (pinEdit) => set({ pinEdit }),
  toggleBoundaries: () => set((state) => ({ showBoundaries: !state.showBoundaries })),
  toggleLinks: () => set((state) => ({ showLinks: !state.showLinks })),
  toggleOutline: (territoryId) =>
    set((state) => {
      const outlined = new Set(state.outlined);
      if (!outlined.delete(territoryId)) outlined.add(territoryId);
      return { outlined };
    }),
}));
