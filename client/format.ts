export { formatDollars, formatDrk } from '../schema/format.ts';
