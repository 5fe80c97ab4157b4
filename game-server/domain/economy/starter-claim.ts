import type { FirstStepsDto, StarterChoiceDto } from '../../../schema/api/first-steps.ts';
import { STARTER_CHOICES, STARTER_PRICE, STARTER_TYPES, starterRefusal, type StarterFacts } from '../../../schema/rules/first-steps.ts';
import { ownerContext, territoryEarning } from '../../../schema/rules/earnings.ts';
import type { UpgradeTier } from '../../../schema/constants.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { Work } from '../service-deps.ts';
import { activeEventMultiplier } from '../world/special-events.ts';
import { projectedEarnings } from './earnings.ts';

async function starterFacts(sql: Queryable, userId: string) {
  const [facts] = await sql<
    { claimed_id: number | null; claimed_name: string | null; claimed_revenue: string | null; owns: number; balance: string }[]
  >`
    select c.territory_id as claimed_id, t.name as claimed_name, t.monthly_revenue::text as claimed_revenue,
           (select count(*)::int from territories o where o.owner_id = u.id) as owns,
           u.drk_balance::text as balance
      from users u
      left join starter_claims c on c.user_id = u.id
      left join territories t on t.id = c.territory_id
     where u.id = ${userId}`;
  return facts;
}

/**
 * The starter territories left, the richest first: the treasury's villages and common areas on the
 * market, each with what it would pay a newcomer holding it alone (docs/rules.md §9), the figure the
 * revenue center shows once it is claimed.
 */
export async function starterChoices(sql: Queryable, now: Date, limit = STARTER_CHOICES): Promise<StarterChoiceDto[]> {
  const rows = await sql<
    (Omit<StarterChoiceDto, 'monthly_revenue' | 'monthly_earnings'> & { monthly_revenue: string; upgrade_tier: UpgradeTier })[]
  >`
    select t.id, t.name, t.type, t.monthly_revenue::text, t.upgrade_tier, p.name as overlord, t.latitude::text, t.longitude::text
      from territories t left join territories p on p.id = t.parent_territory_id
     where t.owner_id is null and t.sale_price is not null and t.type in ${sql(STARTER_TYPES)}
     order by t.monthly_revenue desc, t.id
     limit ${limit}`;
  const multiplier = await activeEventMultiplier(sql, 'revenue', now);
  return rows.map(({ upgrade_tier, ...row }) => {
    const monthly_revenue = Number(row.monthly_revenue);
    const earning = territoryEarning({ ...row, monthly_revenue, upgrade_tier }, ownerContext(1, [row.name], multiplier));
    return { ...row, monthly_revenue, monthly_earnings: earning.toOwner };
  });
}

/** Where a player stands on its first steps: whether it may claim, what it claimed and what it earns, what is left to choose. */
export async function firstSteps(sql: Queryable, userId: string, now: Date): Promise<FirstStepsDto> {
  const facts = await starterFacts(sql, userId);
  const refusal = starterRefusal({
    alreadyClaimed: facts.claimed_id !== null,
    ownsTerritories: facts.owns,
    balance: Number(facts.balance),
  });
  const claimedEarnings = async (id: number) =>
    (await projectedEarnings(sql, userId, now)).lines.find((line) => line.territory_id === id)?.to_owner ?? 0;
  return {
    price: STARTER_PRICE,
    refusal,
    claimed:
      facts.claimed_id === null
        ? null
        : {
            id: facts.claimed_id,
            name: facts.claimed_name!,
            monthly_revenue: Number(facts.claimed_revenue),
            monthly_earnings: await claimedEarnings(facts.claimed_id),
          },
    choices: refusal === null ? await starterChoices(sql, now) : [],
  };
}

/**
 * Takes the player's one starter claim row inside the claim command's transaction, and answers the
 * facts the claim's rule reads: whether the row was already taken, what the player owns and holds.
 * The row's primary key makes the claim once per player even when two tabs claim at the same moment.
 */
export async function takeStarterClaim({ tx, now }: Work, userId: string, territoryId: number): Promise<StarterFacts> {
  const taken =
    await tx`insert into starter_claims (user_id, territory_id, claimed_at) values (${userId}, ${territoryId}, ${now}) on conflict (user_id) do nothing returning user_id`;
  const facts = await starterFacts(tx, userId);
  return { alreadyClaimed: taken.length === 0, ownsTerritories: facts.owns, balance: Number(facts.balance) };
}
