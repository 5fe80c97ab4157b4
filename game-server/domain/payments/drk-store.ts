import type { CheckoutDto, DrkPackageDto } from '../../../schema/api/payments.ts';
import {
  bestValuePackageId,
  DRK_PACKAGES,
  findDrkPackage,
  packagePriceCents,
  packageSupplyMessage,
  type DrkPackageId,
} from '../../../schema/rules/store.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { readSupply } from '../economy/supply.ts';
import { badInput, conflict } from '../../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { startCheckout } from './checkout.ts';
import type { PaymentProvider } from './provider.ts';

async function remainingSupply(sql: Queryable): Promise<number> {
  const supply = await readSupply(sql);
  return supply.max_supply - supply.total_supply;
}

export async function listDrkPackages(sql: Queryable): Promise<DrkPackageDto[]> {
  const remaining = await remainingSupply(sql);
  const best = bestValuePackageId();
  return DRK_PACKAGES.map((pkg) => ({
    ...pkg,
    priceCents: packagePriceCents(pkg),
    exceedsSupply: pkg.drk > remaining,
    bestValue: pkg.id === best,
  }));
}

/**
 * Starts paying for a package at the server's price. The supply is checked now so nobody pays for
 * DRK that cannot exist, and again at fulfilment, when a payment that can no longer be honoured is
 * refunded instead of minted.
 */
export async function startDrkPurchase(
  deps: ServiceDeps,
  provider: PaymentProvider,
  buyerId: string,
  packageId: DrkPackageId,
): Promise<CheckoutDto> {
  const pkg = findDrkPackage(packageId);
  if (!pkg) throw badInput('Unknown DRK package');
  const remaining = await remainingSupply(deps.sql);
  if (pkg.drk > remaining) throw conflict(packageSupplyMessage(remaining, pkg.drk));
  const { checkout } = await startCheckout(deps, provider, {
    purpose: 'drk_package',
    amountCents: packagePriceCents(pkg),
    userId: buyerId,
    metadata: { packageId: pkg.id, drk: pkg.drk },
  });
  return checkout;
}
