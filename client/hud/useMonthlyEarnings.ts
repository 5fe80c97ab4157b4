import { useQuery } from '@tanstack/react-query';
import type { RevenueSummaryDto } from '../../schema/api/revenue.ts';

/**
 * A territory's monthly earnings as the revenue center projects them for its owner (the figure
 * the payout mints), or undefined while loading or when the viewer does not own it. It shares the
 * summary query the dashboard and /revenue read, so the number is theirs.
 */
export function useMonthlyEarnings(ownerId: string | null, territoryId: number): number | undefined {
  const summary = useQuery<RevenueSummaryDto>({ queryKey: ['/api/revenue/summary', ownerId], enabled: ownerId !== null });
  return summary.data?.territories.find((line) => line.territory_id === territoryId)?.to_owner;
}
