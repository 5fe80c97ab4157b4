import { MintBody } from '../../schema/api/currency.ts';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';

export type MintBadge = 'VALID AMOUNT' | 'EXCEEDS SUPPLY' | 'INVALID AMOUNT';

/**
 * docs/rules.md §5 "Mint": the amount must be above 0 and no more than the remaining supply. An empty field
 * shows no badge yet.
 */
export function mintBadge(amountText: string, remainingSupply: number): MintBadge | null {
  if (amountText.trim() === '') return null;
  const amount = parseWholeDrk(amountText);
  if (amount === null || !MintBody.shape.amount.safeParse(amount).success) return 'INVALID AMOUNT';
  return amount > remainingSupply ? 'EXCEEDS SUPPLY' : 'VALID AMOUNT';
}

export function remainingSupply(supply: { total_supply: number; max_supply: number }): number {
  return Math.max(0, supply.max_supply - supply.total_supply);
}
