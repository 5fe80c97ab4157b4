import { create } from 'zustand';
import { useWorld } from '../state/world.ts';
import { NO_FILTERS, type ColourMode, type MapFilters } from './colourModes.ts';
import { NO_MARKS, type MarketMarks } from './mapModel.ts';

/** What the HUD's buttons ask of the map's camera; the mounted map provides it. */
export interface CameraControls {
  zoomBy: (factor: number) => void;
  reset: () => void;
  /** Centres the camera on a territory, close enough to tell it from its neighbours. */
  flyTo: (territoryId: number) => void;
}

export interface MapHover {
  id: number;
  /** The marker's place in the map's box, in CSS pixels. */
  x: number;
  y: number;
}

/** Shows a territory: the map flies to it and selects it (without a map, it is only selected). */
export function showOnMap(territoryId: number): void {
  const camera = useMapView.getState().camera;
  if (camera) camera.flyTo(territoryId);
  else useWorld.getState().select(territoryId);
}

// How the map is looked at: the colour mode, the filters, what the pointer is over, and the camera's controls.
interface MapViewState {
  mode: ColourMode;
  filters: MapFilters;
  /** In the alliance mode, each listed alliance's members' colour by player id. */
  allianceColours: ReadonlyMap<string, number>;
  /** The running auctions and the offers the map marks with badges. */
  marks: MarketMarks;
  hover: MapHover | null;
  camera: CameraControls | null;
  /** False once the whole world fits the map: − then says it can go no further. */
  canZoomOut: boolean;
  /** Where the selected territory's marker is in the map's box, in CSS pixels; null when not drawn. */
  selectedAt: { x: number; y: number } | null;
  setMode: (mode: ColourMode) => void;
  setFilters: (change: Partial<MapFilters>) => void;
}

export const useMapView = create<MapViewState>()((set) => ({
  mode: 'ownership',
  filters: NO_FILTERS,
  allianceColours: new Map(),
  marks: NO_MARKS,
  hover: null,
  camera: null,
  canZoomOut: true,
  selectedAt: null,
  setMode: (mode) => set({ mode }),
  setFilters: (change) => set((state) => ({ filters: { ...state.filters, ...change } })),
}));
