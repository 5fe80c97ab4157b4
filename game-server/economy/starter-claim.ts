import type { FirstStepsDto, StarterChoiceDto } from '../../schema/api/first-steps.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { STARTER_CHOICES, STARTER_PRICE, STARTER_TYPES, starterRefusal, starterTerritoryRefusal } from '../../schema/rules/first-steps.ts';
import type { ActingUser } from '../../schema/commands/policy.ts';
import { inTransaction, type Queryable } from '../db/database.ts';
import { transfer } from './ledger.ts';
import { conflict } from '../errors.ts';
import { emit } from '../events/outbox.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { lockTerritory } from '../world/territories.ts';

async function starterFacts(sql: Queryable, userId: string) {
  const [facts] = await sql<{ claimed_id: number | null; claimed_name: string | null; claimed_revenue: string | null; owns: number; balance: string }[]>`
    select c.territory_id as claimed_id, t.name as claimed_name, t.monthly_revenue::text as claimed_revenue,
           (select count(*)::int from territories o where o.owner_id = u.id) as owns,
           u.drk_balance::text as balance
      from users u
      left join starter_claims c on c.user_id = u.id
      left join territories t on t.id = c.territory_id
     where u.id = ${userId}`;
  return facts;
}

/** The starter territories left, the richest first: the treasury's villages and common areas on the market. */
export async function starterChoices(sql: Queryable, limit = STARTER_CHOICES): Promise<StarterChoiceDto[]> {
  const rows = await sql<(Omit<StarterChoiceDto, 'monthly_revenue'> & { monthly_revenue: string })[]>`
    select t.id, t.name, t.type, t.monthly_revenue::text, p.name as overlord, t.latitude::text, t.longitude::text
      from territories t left join territories p on p.id = t.parent_territory_id
     where t.owner_id is null and t.sale_price is not null and t.type in ${sql(STARTER_TYPES)}
     order by t.monthly_revenue desc, t.id
     limit ${limit}`;
  return rows.map((row) => ({ ...row, monthly_revenue: Number(row.monthly_revenue) }));
}

/** Where a player stands on its first steps: whether it may claim, what it claimed, what is left to choose. */
export async function firstSteps(sql: Queryable, userId: string): Promise<FirstStepsDto> {
  const facts = await starterFacts(sql, userId);
  const refusal = starterRefusal({ alreadyClaimed: facts.claimed_id !== null, ownsTerritories: facts.owns, balance: Number(facts.balance) });
  return {
    price: STARTER_PRICE,
    refusal,
    claimed: facts.claimed_id === null ? null : { id: facts.claimed_id, name: facts.claimed_name!, monthly_revenue: Number(facts.claimed_revenue) },
    choices: refusal === null ? await starterChoices(sql) : [],
  };
}

/**
 * A newcomer takes its first territory at the starter price, paid from its grant to the treasury
 * like any purchase. The claim row's primary key makes it once per player even when two tabs
 * claim at the same moment; the territory's row lock makes one territory go to one newcomer.
 */
export async function claimStarterTerritory(deps: ServiceDeps, player: ActingUser, territoryId: number): Promise<{ message: string }> {
  const territory = await inTransaction(deps.sql, async (tx) => {
    // The territory first: the claim row's foreign key would otherwise share-lock it, and racers
    // for one village would deadlock taking the update lock after it.
    const territory = await lockTerritory(tx, territoryId);
    const claimed = await tx`insert into starter_claims (user_id, territory_id) values (${player.id}, ${territoryId}) on conflict (user_id) do nothing returning user_id`;
    if (claimed.length === 0) throw conflict('You have already claimed your starter territory');
    const facts = await starterFacts(tx, player.id);
    const refusal = starterRefusal({ alreadyClaimed: false, ownsTerritories: facts.owns, balance: Number(facts.balance) });
    if (refusal) throw conflict(refusal);
    const unfit = starterTerritoryRefusal({ type: territory.type, ownerId: territory.owner_id, salePrice: territory.sale_price }, territory.name);
    if (unfit) throw conflict(unfit);
    await transfer(tx, player.id, WANAKT_USER_ID, { amount: STARTER_PRICE, reason: 'territory_purchase', territoryId, reference: `starter:${player.id}` });
    await tx`update territories set owner_id = ${player.id}, purchase_price = ${STARTER_PRICE}, sale_price = null where id = ${territoryId}`;
    await tx`
      insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason)
      values (${territoryId}, null, ${player.id}, ${STARTER_PRICE}, 'purchase')`;
    await emit(tx, { type: 'territories.changed', territoryIds: [territoryId] }, { type: 'balances.changed', userIds: [player.id, WANAKT_USER_ID] });
    return territory;
  });
  return { message: `Welcome to ${territory.name}: it is yours` };
}
