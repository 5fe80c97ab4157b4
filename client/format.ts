export * from '../schema/format.ts';

/** A map position as the desk and the pin toast write it: degrees to four places, north and east positive. */
export function formatPlace({ latitude, longitude }: { latitude: string; longitude: string }): string {
  return `${Number(latitude).toFixed(4)}, ${Number(longitude).toFixed(4)}`;
}

/** A countdown short enough for a badge on the map: '3d 4h', '2h 10m', '45m', 'under 1m'. */
export function shortCountdownLabel(msLeft: number): string {
  const minutes = Math.floor(Math.max(0, msLeft) / 60_000);
  if (minutes < 1) return 'under 1m';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}
