import { useMemo } from 'react';
import far from 'virtual:geography/110m';
import type { ProfileTerritoryDto } from '../../schema/api/profiles.ts';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import { markerPosition } from '../../schema/rules/territory.ts';
import { decodeGeography } from '../map/geographyData.ts';

// The smallest stretch of the world map the view zooms to, so one lone village still shows its coast.
const MIN_VIEW_WIDTH = 220;
const MARGIN = 30;

const ringOf = (path: Float32Array) => {
  let d = `M${path[0].toFixed(1)} ${path[1].toFixed(1)}`;
  for (let index = 2; index < path.length; index += 2) d += `L${path[index].toFixed(1)} ${path[index + 1].toFixed(1)}`;
  return `${d}Z`;
};

// The part of the map that holds every dot, widened to the map's own proportions.
function viewOf(points: { x: number; y: number }[]) {
  if (points.length === 0) return { x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT };
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const aspect = MAP_HEIGHT / MAP_WIDTH;
  const width = Math.min(
    MAP_WIDTH,
    Math.max(MIN_VIEW_WIDTH, Math.max(...xs) - Math.min(...xs) + 2 * MARGIN, (Math.max(...ys) - Math.min(...ys) + 2 * MARGIN) / aspect),
  );
  const height = width * aspect;
  const centreX = (Math.max(...xs) + Math.min(...xs)) / 2;
  const centreY = (Math.max(...ys) + Math.min(...ys)) / 2;
  const clamp = (value: number, room: number) => Math.min(Math.max(value, 0), room);
  return { x: clamp(centreX - width / 2, MAP_WIDTH - width), y: clamp(centreY - height / 2, MAP_HEIGHT - height), width, height };
}

/** A small map of a player's territories: the land as the world map draws it, one dot each. */
export function ProfileMap({ territories }: { territories: ProfileTerritoryDto[] }) {
  // The 110m land packed at build time (scripts/vite-geography.ts), as the map's worker reads it: no d3-geo here.
  const land = useMemo(() => decodeGeography(far).land.map(ringOf).join(''), []);
  const dots = territories.map((territory) => ({ territory, ...markerPosition(Number(territory.latitude), Number(territory.longitude)) }));
  const view = viewOf(dots);
  const radius = view.width / 110;
  return (
    <svg
      className="profile-map"
      viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
      role="img"
      aria-label={`Map of ${territories.length} territories`}
    >
      <rect x={0} y={0} width={MAP_WIDTH} height={MAP_HEIGHT} className="profile-map-sea" />
      <path d={land} className="profile-map-land" />
      {dots.map(({ territory, x, y }) => (
        <circle
          key={territory.id}
          cx={x}
          cy={y}
          r={radius}
          className={`profile-map-dot type-${territory.type}`}
          data-testid="profile-map-dot"
        >
          <title>{territory.name}</title>
        </circle>
      ))}
    </svg>
  );
}
