import type { TerritoryDto } from '../../schema/api/territory.ts';
import { useSession } from '../state/session.ts';
import { useWorld } from '../state/world.ts';

export function useTerritory(id: number | null): TerritoryDto | undefined {
  return useWorld((state) => (id === null ? undefined : state.territories.find((territory) => territory.id === id)));
}

export function useAccount() {
  return useSession((state) => state.account);
}

export function balanceOf(account: { drk_balance: string } | null): number {
  return account ? Math.trunc(Number(account.drk_balance)) : 0;
}
