import { create } from 'zustand';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { LiveTerritoryDto } from '../../schema/state/territory-fields.ts';
import type { WorldChangesDto } from '../../schema/api/territory-list.ts';
import { read, readWorld, worldChangesSince, type WorldRead } from '../api.ts';
import { UNOWNED } from '../../schema/display-names.ts';

import type { LiveBannerAd } from '../../schema/state/messages.ts';
import type { Region } from '../../schema/rules/region.ts';

export type { LiveBannerAd };

export interface LiveBroadcast {
  id: number;
  senderName: string;
  message: string;
  createdAt: string;
}

// The single source of the world that the map and the HUD read. REST fills the territories once;
// the live room (state/room.ts) then keeps their live fields, the banner, the online count, the
// latest broadcast and the player's count of payments due up to date. The player's balance lives
// in the session store, where the room's figures put it.
interface WorldState {
  territories: TerritoryDto[];
  /** The world sequence number the list reflects, so a later read asks only for what changed since. */
  seq: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  selectedId: number | null;
  /**
   * Whether the live room is connected (while it is not, the map shows what REST last said):
   * 'joining' while the first connection is made, 'reconnecting' after a live one dropped,
   * 'offline' once joining failed or was given up.
   */
  connection: 'joining' | 'reconnecting' | 'live' | 'offline';
  /** The room's latest fields of each territory, kept to lay over a REST list that arrives later. */
  live: ReadonlyMap<number, LiveTerritoryDto>;
  /** The banner the room shows this client (it depends on where the client looks). */
  banner: LiveBannerAd | null;
  /** The region the room counts this client in for the banner's targeting; null at the whole world without a home. */
  bannerRegion: Region | null;
  broadcast: LiveBroadcast | null;
  online: number;
  /** Unpaid rent payments of the logged-in player; null for a visitor or before the room said. */
  paymentsDue: number | null;
  setTerritories: (territories: TerritoryDto[], seq?: number | null) => void;
  /** Lays changes read with `?since=` over the list (or replaces it, when the server sent it whole). */
  mergeChanges: (changes: WorldChangesDto) => void;
  select: (id: number | null) => void;
  applyLive: (changes: readonly LiveTerritoryDto[]) => void;
}

function withLive(list: readonly TerritoryDto[], live: ReadonlyMap<number, LiveTerritoryDto>): TerritoryDto[] {
  return list.map((territory) => {
    const fields = live.get(territory.id);
    return fields ? { ...territory, ...fields } : territory;
  });
}

function merged(list: readonly TerritoryDto[], changed: readonly TerritoryDto[]): TerritoryDto[] {
  const byId = new Map(list.map((territory) => [territory.id, territory]));
  for (const territory of changed) byId.set(territory.id, territory);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const useWorld = create<WorldState>()((set, get) => ({
  territories: [],
  seq: null,
  status: 'idle',
  error: null,
  selectedId: null,
  connection: 'joining',
  live: new Map(),
  banner: null,
  bannerRegion: null,
  broadcast: null,
  online: 0,
  paymentsDue: null,
  setTerritories: (list, seq = null) => set((state) => ({ territories: withLive(list, state.live), seq, status: 'ready', error: null })),
  mergeChanges: ({ seq, full, territories: changed }) => {
    // Without ?fields= every territory of the answer is whole.
    const territories = changed as TerritoryDto[];
    if (full) return get().setTerritories(territories, seq);
    set((state) => ({ territories: withLive(merged(state.territories, territories), state.live), seq }));
  },
  select: (selectedId) => set({ selectedId }),
  applyLive: (changes) => {
    if (changes.length === 0) return;
    const live = new Map(get().live);
    for (const change of changes) live.set(change.id, change);
    const { territories: list, status } = get();
    set({ live, territories: withLive(list, live) });
    // A territory created since the list was read (a new settlement) needs its REST fields too.
    const known = new Set(list.map((territory) => territory.id));
    if (status === 'ready' && changes.some((change) => !known.has(change.id))) void reloadList();
  },
}));

const setWorld = ({ territories, seq }: WorldRead) => useWorld.getState().setTerritories(territories, seq);

// Read again after a reconnection or a new settlement: only what changed since the list's
// sequence number, so a large world is not downloaded whole to learn of one new owner.
function readChanges(): Promise<void> {
  const { seq, mergeChanges } = useWorld.getState();
  return seq === null ? readWorld().then(setWorld) : worldChangesSince(seq).then(mergeChanges);
}

let reloading: Promise<void> | null = null;
function reloadList(): Promise<void> {
  reloading ??= readChanges()
    .catch((error: unknown) => console.error('Could not read the new territories', error))
    .finally(() => (reloading = null));
  return reloading;
}

/** Reads one territory again (its description changed), or the whole list when given null. */
export async function reloadTerritory(id: number | null): Promise<void> {
  if (useWorld.getState().status !== 'ready') return;
  if (id === null) return reloadList();
  try {
    // Named by its path: the world store loads before the declarations' schemas are needed.
    const fresh = await read('/territories/:id', { id });
    useWorld.setState((state) => ({
      territories: withLive(
        state.territories.map((territory) => (territory.id === id ? fresh : territory)),
        state.live,
      ),
    }));
  } catch (error) {
    console.error('Could not read the changed territory', error);
  }
}

/**
 * Joins the live room, which keeps a page's reads current. Loaded on demand, so the pages that
 * never show anything live do not carry the room's client.
 */
export function goLive(): void {
  void import('./room.ts').then(({ connectWorld }) => connectWorld());
}

// docs/rules.md §7: data never goes stale, so the list is fetched once and again only after a failure.
export async function loadTerritories(): Promise<void> {
  const { status } = useWorld.getState();
  if (status === 'loading' || status === 'ready') return;
  useWorld.setState({ status: 'loading', error: null });
  goLive();
  try {
    setWorld(await readWorld());
  } catch (error) {
    useWorld.setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}

export function ownedCount(list: readonly TerritoryDto[], userId: string): number {
  return list.reduce((count, territory) => (territory.owner_id === userId ? count + 1 : count), 0);
}

// docs/rules.md §4: the owner is shown as You, Other Player or Available.
export function ownerLabel(territory: TerritoryDto, userId: string | null): 'You' | 'Other Player' | 'Available' {
  if (territory.owner_id === null) return UNOWNED;
  return territory.owner_id === userId ? 'You' : 'Other Player';
}
