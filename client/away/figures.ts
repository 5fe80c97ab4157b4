import { formatDrk, formatNumber } from '../format.ts';

// How the away panel and the since-yesterday card write a summary's figures.

/** A change of DRK with its sign: +1,200 DRK, −300 DRK, 0 DRK. */
export const signedDrk = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatDrk(Math.abs(amount))}`;

/** A place on a board, or "unranked" when the player had none. */
export const place = (rank: number | null) => (rank === null ? 'unranked' : `#${formatNumber(rank)}`);
