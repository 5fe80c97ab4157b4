import type { Sql } from '../infra/db/database.ts';

/**
 * Gives these players land whose trades cross between them: towns dealt round-robin, then
 * `villagesEach` villages under those towns dealt the same way and listed at `price`. Every sale
 * then moves DRK between two of them and notifies a seller and a lord of the same crowd.
 */
export async function dealCrossingLand(sql: Sql, ids: readonly string[], villagesEach: number, price: number): Promise<void> {
  const count = ids.length;
  await sql`
    with towns as (select id, row_number() over (order by id) - 1 as n from territories where type = 'town' order by id limit ${count * 2})
    update territories t set owner_id = (${ids as string[]}::text[])[(towns.n % ${count}) + 1] from towns where t.id = towns.id`;
  await sql`
    with villages as (
      select v.id, row_number() over (order by v.id) - 1 as n
        from territories v join territories p on p.id = v.parent_territory_id
       where v.type = 'village' and p.owner_id = any(${ids as string[]}::text[]) order by v.id limit ${count * villagesEach})
    update territories t set owner_id = (${ids as string[]}::text[])[(villages.n % ${count}) + 1], sale_price = ${price}
      from villages where t.id = villages.id`;
}
