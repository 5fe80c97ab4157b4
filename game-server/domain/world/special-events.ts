import type { SpecialEventType } from '../../../schema/constants.ts';
import type { Queryable } from '../../infra/db/database.ts';

/**
 * The product of the bonus multipliers of the special events of one type running at `now`
 * (1 when none is): revenue events raise earnings, discount events lower upgrade costs and rent.
 */
export async function activeEventMultiplier(sql: Queryable, eventType: SpecialEventType, now: Date): Promise<number> {
  const rows = await sql<{ bonus_multiplier: string }[]>`
    select bonus_multiplier::text from special_events
     where event_type = ${eventType} and is_active and start_date <= ${now} and end_date > ${now}`;
  return rows.reduce((product, row) => product * Number(row.bonus_multiplier), 1);
}
