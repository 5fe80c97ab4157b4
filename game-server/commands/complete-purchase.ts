import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { territoryBought, territorySold, vassalJoined, type NoticeDraft } from '../../schema/rules/notifications.ts';
import { changeOwner } from '../domain/economy/market.ts';
import { noticesCreated, notify } from '../domain/notifications/notifications.ts';
import type { LockedTerritory } from '../domain/world/territories.ts';
import type { Tx } from '../infra/db/database.ts';
import { emit } from '../infra/events/outbox.ts';
import type { Work } from '../domain/service-deps.ts';
import { recordTrade } from '../domain/seasons/progress.ts';
import { judgeSale, notCountedBecause } from '../domain/fair-play/marks.ts';

/**
 * The end of every purchase once its rule has decided the price and the payee (docs/rules.md §5
 * "Purchase", the starter claim): the ownership changes with its ledger line, the people it
 * concerns are told (an auction tells its winner and seller, a starter claim its claimer, its own way: `saleNotices`), the sale is judged (docs/rules.md §4 "Trades that count", §10 "Fair play") and the season counts it
 * unless it does not count, and every open map and both balances show it.
 */
export async function completePurchase(
  work: Work,
  territory: LockedTerritory,
  buyer: { id: string; username: string },
  { price, payeeId, saleNotices }: { price: number; payeeId: string; saleNotices?: NoticeDraft[] },
): Promise<void> {
  const { tx, now } = work;
  const verdict = await judgeSale(tx, { territoryId: territory.id, sellerId: territory.owner_id, buyerId: buyer.id, price }, now);
  const offerEvents = await changeOwner(work, territory, buyer.id, payeeId, price, 'purchase', verdict);
  const seasonNotices = await recordTrade(work, {
    buyerId: buyer.id,
    sellerId: territory.owner_id,
    territoryId: territory.id,
    refused: notCountedBecause(verdict),
  });
  const notices = await notify(tx, await purchaseNotices(tx, territory, buyer, price, saleNotices), now);
  await emit(
    tx,
    ...noticesCreated([...seasonNotices, ...notices]),
    ...offerEvents,
    { type: 'territories.changed', territoryIds: [territory.id] },
    { type: 'balances.changed', userIds: [buyer.id, payeeId] },
  );
}

/**
 * Who hears of a purchase: the player it was bought from, and the owner of the territory above it,
 * whose realm the buyer has joined (the Wanakt's treasury sales tell nobody), and the buyer itself.
 */
async function purchaseNotices(
  tx: Tx,
  territory: LockedTerritory,
  buyer: { id: string; username: string },
  price: number,
  saleNotices: NoticeDraft[] | undefined,
): Promise<NoticeDraft[]> {
  const notices: NoticeDraft[] = saleNotices ? [...saleNotices] : [territoryBought(buyer.id, territory.name, price)];
  if (!saleNotices && territory.owner_id && territory.owner_id !== WANAKT_USER_ID)
    notices.push(territorySold(territory.owner_id, territory.name, buyer.username, price));
  const [lord] = await tx<{ owner_id: string | null; name: string }[]>`
    select p.owner_id, p.name from territories t join territories p on p.id = t.parent_territory_id where t.id = ${territory.id}`;
  if (lord?.owner_id && lord.owner_id !== buyer.id && lord.owner_id !== WANAKT_USER_ID)
    notices.push(vassalJoined(lord.owner_id, lord.name, buyer.username, territory.name));
  return notices;
}
