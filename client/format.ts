export * from '../schema/format.ts';

/** A map position as the desk and the pin toast write it: degrees to four places, north and east positive. */
export function formatPlace({ latitude, longitude }: { latitude: string; longitude: string }): string {
  return `${Number(latitude).toFixed(4)}, ${Number(longitude).toFixed(4)}`;
}
