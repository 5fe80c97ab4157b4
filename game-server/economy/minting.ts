import type { SessionUser } from '../auth/sessions.ts';
import { inTransaction } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { mint } from './ledger.ts';
import { readSupply, type Supply } from './supply.ts';

/**
 * SPEC §5 "Mint": the Wanakt creates DRK for any account, never past the 21,000,000 cap. The cap
 * is checked by the ledger's own UPDATE, so two mints at once cannot both slip under it.
 */
export async function mintDrk(deps: ServiceDeps, actor: Pick<SessionUser, 'id' | 'is_wanakt'>, recipientId: string, amount: number): Promise<{ message: string; supply: Supply }> {
  if (!actor.is_wanakt) throw forbidden('Only the Wanakt can mint DRK');
  const result = await inTransaction(deps.sql, async (tx) => {
    const [recipient] = await tx<{ username: string }[]>`select username from users where id = ${recipientId}`;
    if (!recipient) throw notFound('User not found');
    await mint(tx, recipientId, { amount, reason: 'admin_mint' });
    return { username: recipient.username, supply: await readSupply(tx) };
  });
  deps.events.publish({ type: 'balances.changed', userIds: [recipientId] });
  return { message: `Minted ${amount} DRK for ${result.username}`, supply: result.supply };
}
