import worldPicture from 'virtual:geography/picture';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import { markerPosition } from '../../schema/rules/territory.ts';

// Latitudes and longitudes every 30 degrees, so the dot can be read against the globe's grid.
const MERIDIANS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((step) => (step * MAP_WIDTH) / 12);
const PARALLELS = [1, 2, 3, 4, 5].map((step) => (step * MAP_HEIGHT) / 6);

export interface MiniMapPlace {
  latitude: string | number;
  longitude: string | number;
}

/**
 * Where places are on the world map, in a few pixels: the game's projection, the world's picture (one
 * small cached file for every card, drawn at build time: nothing to decode here), a grid and a dot
 * each (smaller when there are several, so a cluster of land still reads as several).
 */
export function MiniMap({ places, label, className }: { places: readonly MiniMapPlace[]; label: string; className?: string }) {
  const radius = places.length > 1 ? 12 : 28;
  return (
    <svg
      className={className ? `mini-map ${className}` : 'mini-map'}
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <rect width={MAP_WIDTH} height={MAP_HEIGHT} className="mini-map-sea" />
      <image href={worldPicture} width={MAP_WIDTH} height={MAP_HEIGHT} />
      {MERIDIANS.map((x) => (
        <line key={`m${x}`} x1={x} x2={x} y1={0} y2={MAP_HEIGHT} className="mini-map-grid" />
      ))}
      {PARALLELS.map((y) => (
        <line key={`p${y}`} x1={0} x2={MAP_WIDTH} y1={y} y2={y} className="mini-map-grid" />
      ))}
      {places.map((place, index) => {
        const at = markerPosition(Number(place.latitude), Number(place.longitude));
        return <circle key={index} cx={at.x} cy={at.y} r={radius} className="mini-map-dot" />;
      })}
    </svg>
  );
}
