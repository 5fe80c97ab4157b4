// The client-side rules of docs/rules.md §5 for the HUD's forms; the server checks each of them again.
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { AccountDto } from '../../schema/api/user.ts';
import type { SpecialEventDto } from '../../schema/api/events.ts';
import { DESCRIPTION_TOO_SHORT, DescriptionText, ListingBody } from '../../schema/api/territories.ts';
import { parseWholeDrk } from '../../schema/api/typed-amounts.ts';
import { UPGRADE_COST, UPGRADE_TIERS, WANAKT_USER_ID, type SpecialEventType, type UpgradeTier } from '../../schema/constants.ts';
import { canUpgrade, discountedPrice } from '../../schema/rules/economy.ts';
import { decidePurchase } from '../../schema/rules/market.ts';

export { DESCRIPTION_MAX, DESCRIPTION_MIN } from '../../schema/api/territories.ts';

export interface Problem {
  title: string;
  description: string;
}

/** docs/rules.md §5 "Description": the trimmed text is 10 to 500 characters. */
export function descriptionProblem(text: string): Problem | null {
  const checked = DescriptionText.safeParse(text);
  if (checked.success) return null;
  const description = checked.error.issues[0]?.message ?? DESCRIPTION_TOO_SHORT;
  return { title: description === DESCRIPTION_TOO_SHORT ? 'Description Too Short' : 'Description Too Long', description };
}

/** docs/rules.md §5 "Purchase": a user is required and the balance must cover the sale price. */
export function purchaseProblem(account: AccountDto | null, territory: TerritoryDto): Problem | null {
  if (!account) return { title: 'Login Required', description: 'Please log in to purchase territories' };
  const balance = Math.trunc(Number(account.drk_balance));
  const facts = { name: territory.name, type: territory.type, ownerId: territory.owner_id, salePrice: territory.sale_price };
  const decision = decidePurchase(facts, { id: account.id, balance }, WANAKT_USER_ID);
  if (decision.ok) return null;
  const short = territory.sale_price !== null && balance < territory.sale_price;
  return { title: short ? 'Insufficient Balance' : 'Purchase Failed', description: decision.message };
}

export interface UpgradeOption {
  tier: UpgradeTier;
  cost: number;
  /** docs/rules.md §5 "Upgrade": the button is disabled if the balance is below the tier's cost. */
  affordable: boolean;
}

/** The product of the bonus multipliers of the running events of one type, as the server applies them. */
export function runningMultiplier(events: readonly SpecialEventDto[], type: SpecialEventType): number {
  return events
    .filter((event) => event.state === 'active' && event.event_type === type)
    .reduce((product, event) => product * event.bonus_multiplier, 1);
}

/**
 * The tiers above the current one (docs/rules.md §4: any higher tier can be bought), each priced as the server's
 * decideUpgrade prices it: the §9 cost less the running upgrade-discount events' multiplier (1 when none runs).
 */
export function upgradeOptions(current: UpgradeTier, balance: number, discountMultiplier: number): UpgradeOption[] {
  return UPGRADE_TIERS.filter((tier) => canUpgrade(current, tier)).map((tier) => {
    const cost = discountedPrice(UPGRADE_COST[tier], discountMultiplier);
    return { tier, cost, affordable: balance >= cost };
  });
}

/** A listing price is a whole number of DRK, at least 1. */
export function listingPrice(text: string): number | null {
  const price = parseWholeDrk(text);
  return price !== null && ListingBody.shape.sale_price.safeParse(price).success ? price : null;
}
