import type { z } from 'zod';
import { AdPurchaseBody, type AdPurchaseDto } from '../../../schema/api/ads.ts';
import type { SandboxConfirmBody, SandboxConfirmDto } from '../../../schema/api/payments.ts';
import type { ListingBody, MessageDto, PurchaseBody } from '../../../schema/api/territories.ts';
import { PurchaseAd } from '../../../schema/commands/ads.ts';
import { ConfirmSandboxPayment } from '../../../schema/commands/economy.ts';
import type { CommandEntry } from '../../../schema/commands/registry.ts';
import { ListTerritory, PurchaseTerritory } from '../../../schema/commands/territories.ts';
import { readUrl, type ReadArguments } from '../../../schema/reads/address.ts';
import { PaymentStatusRead } from '../../../schema/reads/payments.ts';
import type { AnswerOf, ReadEntry, ReadInput } from '../../../schema/reads/registry.ts';
import { TerritoryRead, WorldRead } from '../../../schema/reads/territories.ts';
import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { adTotalDollars } from '../../../schema/rules/store.ts';

// A REST caller written as a program outside the game would be, with nothing but fetch, against the
// declarations the server's routes and OpenAPI document are made from (schema/reads/,
// schema/commands/): every flow type-checks without a cast, and rest-caller.test.ts runs them against
// a real server.

export interface RestCaller {
  read<R extends ReadEntry>(read: R, input?: ReadInput<R>): Promise<AnswerOf<R>>;
  send<T>(command: CommandEntry, ids: ReadArguments, body: unknown): Promise<T>;
}

async function answered<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export function restCaller(baseUrl: string, apiKey?: string): RestCaller {
  const authorization: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  return {
    read: async (read, input) =>
      answered(await fetch(`${baseUrl}${readUrl(read.path, input as ReadArguments)}`, { headers: authorization })),
    send: async (command, ids, body) =>
      answered(
        await fetch(`${baseUrl}${readUrl(command.http.path, ids)}`, {
          method: command.http.method.toUpperCase(),
          headers: { ...authorization, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
  };
}

/** The world as its owners and prices, then one territory in full. */
export async function readWorldAndOne(api: RestCaller, name: string) {
  const world = await api.read(WorldRead, { fields: 'id,name,owner_id,sale_price' });
  if (!Array.isArray(world)) throw new Error('Without since, the world is a list');
  const found = world.find((territory) => territory.name === name);
  if (!found) throw new Error(`No territory named ${name}`);
  const one = await api.read(TerritoryRead, { id: found.id });
  return { world, one };
}

/** An advertiser with no account buys impressions on a territory, pays in the sandbox, and follows the payment. */
export async function placeAndPayForAd(api: RestCaller, territory: TerritoryDto, email: string) {
  const impressions = 100;
  const order: z.input<typeof AdPurchaseBody> = {
    title: 'Fresh bread',
    content: 'Every morning at the corner',
    click_url: 'https://example.com/bakery',
    territory_id: territory.id,
    advertiser_email: email,
    impressions_wanted: impressions,
    total_cost: adTotalDollars(territory.type, impressions),
  };
  const checkout = await api.send<AdPurchaseDto>(PurchaseAd, {}, order);
  const confirm: SandboxConfirmBody = {
    paymentIntentId: checkout.paymentIntentId,
    clientSecret: checkout.clientSecret,
    outcome: 'succeed',
  };
  const confirmed = await api.send<SandboxConfirmDto>(ConfirmSandboxPayment, {}, confirm);
  const status = await api.read(PaymentStatusRead, { paymentId: checkout.paymentIntentId });
  return { adId: checkout.adId, confirmed: confirmed.status, status: status.status };
}

/** A seller lists a territory with its key; a buyer buys it with theirs at the price it saw. */
export async function listAndBuy(seller: RestCaller, buyer: RestCaller, territoryId: number, price: number) {
  const listing: z.input<typeof ListingBody> = { sale_price: price };
  await seller.send<MessageDto>(ListTerritory, { id: territoryId }, listing);
  const seen = await buyer.read(TerritoryRead, { id: territoryId });
  const purchase: z.input<typeof PurchaseBody> = { sale_price: seen.sale_price ?? undefined };
  await buyer.send<MessageDto>(PurchaseTerritory, { id: territoryId }, purchase);
  return buyer.read(TerritoryRead, { id: territoryId });
}
