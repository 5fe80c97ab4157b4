import { RECEIPT_PATH, type AdPurchaseBody, type AdPurchaseDto } from '../../../schema/api/ads.ts';
import type { TerritoryType } from '../../../schema/constants.ts';
import { regionOf } from '../../../schema/rules/region.ts';
import { AD_TARGET_TYPES, adTotalDollars } from '../../../schema/rules/store.ts';
import { RESERVED_NAME_MESSAGE } from '../../../schema/rules/names.ts';
import { isReservedName } from '../names/name-skeleton.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import { startCheckout } from '../payments/checkout.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { newReceiptToken, receiptTokenHash } from './receipts.ts';

/**
 * An advertiser (no account needed) buys impressions on a territory. The server prices them; a
 * client total that differs is refused rather than corrected, since the buyer agreed to that figure.
 * The ad waits for its payment, then for review; the advertiser follows it by the receipt link
 * answered here (docs/rules.md §4 "Advertise flow").
 */
export async function startAdPurchase(deps: ServiceDeps, provider: PaymentProvider, order: AdPurchaseBody): Promise<AdPurchaseDto> {
  const [territory] = await deps.sql<{ name: string; type: TerritoryType; latitude: number; longitude: number }[]>`
    select name, type, latitude::float8, longitude::float8 from territories where id = ${order.territory_id}`;
  if (!territory) throw notFound('Territory not found');
  // An ad's sponsor line is shown to every player: it may not pass for the game itself.
  if (order.advertiser_name && isReservedName(order.advertiser_name)) throw conflict(RESERVED_NAME_MESSAGE);
  if (!AD_TARGET_TYPES.includes(territory.type)) throw badInput('Ads can only target major cities, sub-territories or wonders');
  const total = adTotalDollars(territory.type, order.impressions_wanted);
  if (order.total_cost !== total) {
    throw badInput(`The total for ${order.impressions_wanted} impressions on ${territory.name} is $${total}, not $${order.total_cost}`);
  }

  const receiptToken = newReceiptToken();
  const { checkout, recorded: adId } = await startCheckout(
    deps,
    provider,
    {
      purpose: 'ad',
      amountCents: total * 100,
      userId: null,
      metadata: { territory_id: order.territory_id, impressions: order.impressions_wanted },
    },
    async (tx, paymentId) => {
      const [ad] = await tx<{ id: number }[]>`
        insert into ads (title, content, click_url, territory_id, advertiser_name, advertiser_email, impressions_wanted,
                         total_cost_cents, payment_id, status, created_at, receipt_token_hash)
        values (${order.title}, ${order.content}, ${order.click_url}, ${order.territory_id}, ${order.advertiser_name},
                ${order.advertiser_email}, ${order.impressions_wanted}, ${total * 100}, ${paymentId}, 'pending_payment', ${deps.clock()},
                ${receiptTokenHash(receiptToken)})
        returning id`;
      return ad.id;
    },
  );
  return {
    ...checkout,
    adId,
    total_cost: total,
    region: regionOf(territory.latitude, territory.longitude),
    receipt_path: `${RECEIPT_PATH}${receiptToken}`,
  };
}
