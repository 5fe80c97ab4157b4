import createClient from 'openapi-fetch';
import { adTotalDollars } from '../../../schema/rules/store.ts';
import type { components, paths } from './api.d.ts';

// A REST caller written only against the types openapi-typescript generates from the published
// document (api.d.ts), with openapi-fetch: every flow type-checks without a cast, and
// rest-caller.test.ts runs them against a real server.

export type RestCaller = ReturnType<typeof createClient<paths>>;
type Territory = components['schemas']['Territory'];
type SlimTerritory = components['schemas']['SlimTerritory'];

export function restCaller(baseUrl: string, apiKey?: string): RestCaller {
  return createClient<paths>({ baseUrl, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });
}

function answered<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined)
    throw new Error(`${result.response.url} answered ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** The world as its owners and prices, then one territory in full. */
export async function readWorldAndOne(api: RestCaller, name: string): Promise<{ world: (Territory | SlimTerritory)[]; one: Territory }> {
  const world = answered(await api.GET('/api/territories', { params: { query: { fields: 'id,name,owner_id,sale_price' } } }));
  if (!Array.isArray(world)) throw new Error('Without since, the world is a list');
  const found = world.find((territory) => territory.name === name);
  if (!found) throw new Error(`No territory named ${name}`);
  const one = answered(await api.GET('/api/territories/{id}', { params: { path: { id: found.id } } }));
  return { world, one };
}

/** An advertiser with no account buys impressions on a territory, pays in the sandbox, and follows the payment. */
export async function placeAndPayForAd(api: RestCaller, territory: Territory, email: string) {
  const impressions = 100;
  const checkout = answered(
    await api.POST('/api/ads/purchase', {
      body: {
        title: 'Fresh bread',
        content: 'Every morning at the corner',
        click_url: 'https://example.com/bakery',
        territory_id: territory.id,
        advertiser_email: email,
        impressions_wanted: impressions,
        total_cost: adTotalDollars(territory.type, impressions),
      },
    }),
  );
  const confirmed = answered(
    await api.POST('/api/payments/sandbox/confirm', {
      body: { paymentIntentId: checkout.paymentIntentId, clientSecret: checkout.clientSecret, outcome: 'succeed' },
    }),
  );
  const status = answered(await api.GET('/api/payments/intent/{paymentId}', { params: { path: { paymentId: checkout.paymentIntentId } } }));
  return { adId: checkout.adId, confirmed: confirmed.status, status: status.status };
}

/** A seller lists a territory with its key; a buyer buys it with theirs at the price it saw. */
export async function listAndBuy(seller: RestCaller, buyer: RestCaller, territoryId: number, price: number) {
  answered(await seller.PATCH('/api/territories/{id}/listing', { params: { path: { id: territoryId } }, body: { sale_price: price } }));
  const seen = answered(await buyer.GET('/api/territories/{id}', { params: { path: { id: territoryId } } }));
  answered(
    await buyer.POST('/api/territories/{id}/purchase', {
      params: { path: { id: territoryId } },
      body: { sale_price: seen.sale_price ?? undefined },
    }),
  );
  return answered(await buyer.GET('/api/territories/{id}', { params: { path: { id: territoryId } } }));
}
