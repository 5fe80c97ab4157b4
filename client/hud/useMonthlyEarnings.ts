import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../state/query.ts';

/**
 * Each territory's monthly earnings as the revenue center projects them for its owner (the figure
 * the payout mints): a lookup that answers undefined while loading or for a territory the owner
 * does not hold. It shares the summary query the dashboard and /revenue read, so the number is theirs.
 */
export function useEarningsByTerritory(ownerId: string | null): (territoryId: number) => number | undefined {
  const summary = useQuery({ ...readQuery('/revenue/summary/:userId', { userId: ownerId ?? '' }), enabled: ownerId !== null });
  return (territoryId) => summary.data?.territories.find((line) => line.territory_id === territoryId)?.to_owner;
}

/** One territory's monthly earnings for its owner, or undefined while loading or when the viewer does not own it. */
export function useMonthlyEarnings(ownerId: string | null, territoryId: number): number | undefined {
  return useEarningsByTerritory(ownerId)(territoryId);
}
