import type { VisitDto } from '../../../schema/api/territories.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { readAd, toAdDto } from './ad-rows.ts';

export async function visitsOf(sql: Queryable, territoryId: number): Promise<{ visits: number }> {
  const [row] = await sql<{ visits: string }[]>`select visits::text from territories where id = ${territoryId}`;
  if (!row) throw notFound('Territory not found');
  return { visits: Number(row.visits) };
}

/**
 * Counts a visit and shows the visitor the active ad aimed at the territory, if any, counting that
 * impression too. The least-served ad goes first, so ads sharing a territory share its visitors;
 * the impression that fills an order completes the ad.
 */
export async function recordVisit({ tx }: Work, territoryId: number): Promise<VisitDto> {
  const [territory] = await tx<{ visits: string }[]>`
    update territories set visits = visits + 1 where id = ${territoryId} returning visits::text`;
  if (!territory) throw notFound('Territory not found');
  const [served] = await tx<{ id: number }[]>`
    update ads
       set impressions_delivered = impressions_delivered + 1,
           status = case when impressions_delivered + 1 >= impressions_wanted then 'completed' else status end
     where id = (select id from ads
                  where territory_id = ${territoryId} and status = 'active'
                  order by impressions_delivered::float / impressions_wanted, id
                  limit 1 for no key update)
       and status = 'active'
    returning id`;
  const visit: VisitDto = { visits: Number(territory.visits) };
  const ad = served ? await readAd(tx, served.id) : null;
  if (ad) visit.ad = toAdDto(ad);
  return visit;
}
