import { z } from 'zod';
import { TerritoryId, UserId } from '../api/ids.ts';
import { MARKETPLACE_DEFAULT_PAGE, MARKETPLACE_MAX_PAGE, MarketplacePage, MarketplaceQueryFields } from '../api/marketplace.ts';
import { TerritoryOffersDto } from '../api/offers.ts';
import { HierarchyNode, HierarchyQuery, HISTORY_LIMIT, HistoryPageQuery, TerritoryHistoryDto } from '../api/territories.ts';
import { TerritoryDto } from '../api/territory.ts';
import {
  ListingPageQuery,
  NEXT_CURSOR_HEADER,
  SlimTerritoryDto,
  TerritoryListQuery,
  WORLD_PAGE_SIZE,
  WORLD_SEQ_HEADER,
  WorldChangesDto,
} from '../api/territory-list.ts';
import { WorldViewDto } from '../api/world-view.ts';
import { CLUSTER_CELL_DEGREES, MAX_CLUSTER_CELLS_ACROSS, MAX_VIEW_MARKERS } from '../rules/viewport.ts';
import { declareRead, PAGED } from './registry.ts';

// docs/rules.md §7's territory reads: the world's lists, one territory, its history, visits and offers, and the market's search.

const territory = z.object({ id: TerritoryId.meta({ description: 'Territory id' }) });
const CACHED = 'Answered from memory, compressed, with a strong ETag: send If-None-Match to get 304 when nothing changed.';
const NEXT_PAGE = { [NEXT_CURSOR_HEADER]: 'The cursor of the next page, when one follows' };

export const WorldRead = declareRead({
  path: '/territories',
  tag: 'Territories',
  summary: 'The territories, a page at a time, a slim part of the world, or what the map shows of a box',
  description: `Pages of at most ${WORLD_PAGE_SIZE} territories in id order; ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last. \`fields\` and \`bbox\` cut the answer down for large worlds. \`zoom\` answers { clusters, territories } for \`bbox\` (the whole world without one) by the view rule: every territory in the box as a marker when it holds at most ${MAX_VIEW_MARKERS}, else clusters counted in a grid cell of ${CLUSTER_CELL_DEGREES}° at zoom 1, halving as the zoom doubles (at most ${MAX_CLUSTER_CELLS_ACROSS} cells each way), with the seat, the main cities and the wonders in the box as markers. \`since\` (the ${WORLD_SEQ_HEADER} of an earlier answer) answers { seq, full, territories }: only the territories changed since, or the first page of the world with full: true when the changes are no longer kept that far back or are more than a page; it is not cached and has its own limit.`,
  access: 'public',
  scope: 'read',
  query: TerritoryListQuery,
  answer: z.union([z.array(z.union([TerritoryDto, SlimTerritoryDto])), WorldChangesDto, WorldViewDto]),
  answered: 'Territories in id order, the changes since `since`, or the view of a box at a zoom',
  headers: {
    [WORLD_SEQ_HEADER]: 'The world sequence number the answer reflects: send it as `since` next time (not with zoom)',
    ...NEXT_PAGE,
  },
  limit: ['world', 'world-changes'],
  cache: { server: CACHED },
});

export const ForSaleRead = declareRead({
  path: '/territories/for-sale',
  tag: 'Territories',
  summary: 'Territories listed for sale, cheapest first, a page at a time',
  description: `Pages of at most ${WORLD_PAGE_SIZE}; ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last.`,
  access: 'public',
  scope: 'read',
  query: ListingPageQuery,
  answer: z.array(TerritoryDto),
  answered: 'Listings',
  headers: NEXT_PAGE,
  limit: 'world',
  cache: { server: CACHED, staleOn: ['market'] },
});

export const HierarchyRead = declareRead({
  path: '/territories/hierarchy',
  tag: 'Territories',
  summary: 'The feudal tree: every root with its vassals nested',
  description: `A world of at most ${WORLD_PAGE_SIZE} territories is answered whole. A larger one is answered by a page of its roots, unnested: each node's vassal_count says how many vassals it has, and \`lord\` reads one territory's vassals a page at a time. ${NEXT_CURSOR_HEADER} is the cursor of the next page, absent on the last.`,
  access: 'public',
  scope: 'read',
  query: HierarchyQuery,
  answer: z.array(HierarchyNode),
  answered: 'Roots, or the vassals of `lord`',
  headers: NEXT_PAGE,
  limit: 'world',
  cache: { server: CACHED, staleOn: ['market'] },
});

export const MarketplaceRead = declareRead({
  path: '/marketplace',
  tag: 'Territories',
  summary: 'Search the listings: by name, type, tier, price and region, sorted, a page at a time (next_cursor)',
  description: `At most ${MARKETPLACE_MAX_PAGE} listings a page (default ${MARKETPLACE_DEFAULT_PAGE}). The cursor is opaque: pass the next_cursor of the page before, with the same filters and sort.`,
  access: 'public',
  scope: 'read',
  query: MarketplaceQueryFields,
  answer: MarketplacePage,
  answered: 'A page of listings and how many match',
  limit: 'marketplace',
  cache: { staleOn: ['market'] },
});

export const TerritoriesOfRead = declareRead({
  path: '/territories/user/:userId',
  tag: 'Territories',
  summary: "A player's territories",
  access: 'public',
  scope: 'read',
  params: z.object({ userId: UserId }),
  answer: z.array(TerritoryDto),
  answered: 'Territories',
  cache: { staleOn: ['market'] },
});

export const TerritoryRead = declareRead({
  path: '/territories/:id',
  tag: 'Territories',
  summary: 'One territory',
  access: 'public',
  scope: 'read',
  params: territory,
  answer: TerritoryDto,
  answered: 'The territory',
  cache: { staleOn: ['territory'] },
});

export const VisitsRead = declareRead({
  path: '/territories/:id/visits',
  tag: 'Territories',
  summary: "A territory's visit count",
  access: 'public',
  scope: 'read',
  params: territory,
  answer: z.object({ visits: z.number().int() }),
  answered: 'Visits',
  cache: { staleOn: ['territory'] },
});

export const HistoryRead = declareRead({
  path: '/territories/:id/history',
  tag: 'Territories',
  summary: "A territory's changes of owner, newest first",
  description: `The history key holds the items. ${PAGED}`,
  access: 'public',
  scope: 'read',
  params: territory,
  query: HistoryPageQuery,
  answer: TerritoryHistoryDto,
  answered: `The latest ${HISTORY_LIMIT} without limit or cursor; with either, a page and next_cursor`,
  cache: { staleOn: ['territory'] },
});

// docs/rules.md §4 "Offers": the best for anyone, every one for its owner.
export const TerritoryOffersRead = declareRead({
  path: '/territories/:id/offers',
  tag: 'Trade',
  summary: "A territory's open offers: the best for anyone, every one for its owner",
  description: 'offers is null unless you own the territory; mine is your own open offer on it, if any.',
  access: 'public',
  scope: 'read',
  params: territory,
  answer: TerritoryOffersDto,
  answered: 'The offers',
  cache: { staleOn: ['territory'] },
});

export const TERRITORY_READS = [
  WorldRead,
  ForSaleRead,
  HierarchyRead,
  MarketplaceRead,
  TerritoriesOfRead,
  TerritoryRead,
  VisitsRead,
  HistoryRead,
  TerritoryOffersRead,
] as const;
