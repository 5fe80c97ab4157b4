import { create } from 'zustand';
import type { AdDto } from '../../schema/api/ads.ts';

// The dashboard's modals and the map's territory windows, opened from anywhere (the map panel,
// the sidebar cards, the marketplace) and rendered once by <Dialogs />.
export type OpenDialog =
  | { kind: 'description'; territoryId: number }
  | { kind: 'purchase'; territoryId: number }
  | { kind: 'listing'; territoryId: number }
  | { kind: 'upgrade'; territoryId: number }
  | { kind: 'gift'; territoryId: number }
  | { kind: 'rules'; territoryId: number }
  | { kind: 'edit-territory'; territoryId: number }
  | { kind: 'visit-ad'; ad: AdDto }
  | { kind: 'create-banner' }
  | { kind: 'banner-analytics' };

interface DialogState {
  open: OpenDialog | null;
  show: (dialog: OpenDialog) => void;
  close: () => void;
}

export const useDialogs = create<DialogState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
