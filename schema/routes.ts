/**
 * The client's pages (docs/rules.md §2 and the issues that added more). The client's router declares its
 * routes from these and the server answers 404 for any other page path, so the two never disagree.
 * A ':name' segment matches any one non-empty segment, as in React Router.
 */
export const ROUTES = {
  home: '/',
  register: '/register',
  login: '/login',
  revenue: '/revenue',
  collectibles: '/collectibles',
  adminCurrency: '/admin/currency',
  adminTerritories: '/admin/territories',
  adminCreateCity: '/admin/create-city',
  rent: '/rent',
  marketplace: '/marketplace',
  wonders: '/wonders',
  feudal: '/feudal',
  drkStore: '/drk-store',
  broadcast: '/broadcast',
  advertise: '/advertise',
  adReceipt: '/advertise/receipt/:token',
  apiKeys: '/settings/api-keys',
  economy: '/economy',
  account: '/account',
  adminDesk: '/admin/desk',
  rankings: '/rankings',
  player: '/players/:username',
  season: '/season',
  alliance: '/alliance',
  allianceById: '/alliances/:id',
} as const;

/** The map, opened on one territory (its popup and chat): where a notice about a territory leads. */
export const TERRITORY_PARAM = 'territory';
export const territoryLink = (territoryId: number) => `/?${TERRITORY_PARAM}=${territoryId}`;

/** An alliance's page: where a notice about its chat leads. */
export const allianceLink = (allianceId: number) => `/alliances/${allianceId}`;

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

const PATTERNS = Object.values(ROUTES).map(segments);

/** Whether the client has a page at this path; like React Router, case and a trailing slash do not matter. */
export function isClientRoute(path: string): boolean {
  const parts = segments(path.toLowerCase());
  return PATTERNS.some(
    (pattern) => pattern.length === parts.length && pattern.every((segment, index) => segment.startsWith(':') || segment === parts[index]),
  );
}
