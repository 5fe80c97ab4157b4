import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { territoryBought, territorySold, vassalJoined, type NoticeDraft } from '../../schema/rules/notifications.ts';
import type { Tx } from '../infra/db/database.ts';
import type { LockedTerritory } from '../domain/world/territories.ts';

/**
 * Who hears of a purchase: the player it was bought from, and the owner of the territory above it,
 * whose realm the buyer has joined (the Wanakt's treasury sales tell nobody), and the buyer itself.
 */
export async function purchaseNotices(
  tx: Tx,
  territory: LockedTerritory,
  buyer: { id: string; username: string },
  price: number,
): Promise<NoticeDraft[]> {
  const notices: NoticeDraft[] = [territoryBought(buyer.id, territory.name, price)];
  if (territory.owner_id && territory.owner_id !== WANAKT_USER_ID)
    notices.push(territorySold(territory.owner_id, territory.name, buyer.username, price));
  const [lord] = await tx<{ owner_id: string | null; name: string }[]>`
    select p.owner_id, p.name from territories t join territories p on p.id = t.parent_territory_id where t.id = ${territory.id}`;
  if (lord?.owner_id && lord.owner_id !== buyer.id && lord.owner_id !== WANAKT_USER_ID)
    notices.push(vassalJoined(lord.owner_id, lord.name, buyer.username, territory.name));
  return notices;
}
