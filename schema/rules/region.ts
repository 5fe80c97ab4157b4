// The marketplace's regions: continents drawn as latitude/longitude boxes. The first box that holds a
// point names its region, so a box listed early carves its corner out of a larger one listed later
// (Iberia out of Africa's box, Europe out of Asia's). Oceans and Antarctica belong to no region.

export const REGIONS = ['europe', 'asia', 'africa', 'north-america', 'south-america', 'oceania'] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_LABELS: Record<Region, string> = {
  europe: 'Europe',
  asia: 'Asia',
  africa: 'Africa',
  'north-america': 'North America',
  'south-america': 'South America',
  oceania: 'Oceania',
};

/** Minimum inclusive, maximum exclusive, in degrees; the last boxes reach past 90 and 180 to hold the edges. */
export interface RegionBox {
  region: Region;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

const box = (region: Region, minLatitude: number, maxLatitude: number, minLongitude: number, maxLongitude: number): RegionBox => ({
  region,
  minLatitude,
  maxLatitude,
  minLongitude,
  maxLongitude,
});

export const REGION_BOXES: readonly RegionBox[] = [
  // Iberia's south coast lies level with Algiers, so the peninsula is taken first.
  box('europe', 36, 44, -10, 0),
  box('europe', 37.5, 72, 0, 30),
  box('europe', 43, 72, -25, 0),
  box('europe', 41, 72, 30, 60),
  box('africa', -35, 37.5, -20, 32),
  box('africa', -35, 12, 32, 52),
  box('africa', 12, 31.7, 32, 36.5),
  box('oceania', -50, -11, 110, 181),
  box('oceania', -50, 0, -180, -130),
  box('asia', -11, 82, 26, 181),
  box('north-america', 59, 84, -75, -10),
  box('north-america', 7, 84, -170, -50),
  box('south-america', -57, 7, -93, -30),
];

export function insideRegionBox(latitude: number, longitude: number, area: RegionBox): boolean {
  return latitude >= area.minLatitude && latitude < area.maxLatitude && longitude >= area.minLongitude && longitude < area.maxLongitude;
}

/** The region a point lies in, or null out at sea. */
export function regionOf(latitude: number, longitude: number): Region | null {
  return REGION_BOXES.find((area) => insideRegionBox(latitude, longitude, area))?.region ?? null;
}
