import { adCompleted, type NoticeDraft } from '../../../schema/rules/notifications.ts';
import { queueAdFinal } from '../mail/ad-mail.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import type { ShownBanner } from './impression-tally.ts';

export interface DeliveredImpressions {
  adId: number;
  /** Impressions this call added: showings already stored count nothing. */
  added: number;
  delivered: number;
  completed: boolean;
}

/**
 * Stores the showings the rooms noted and adds the new ones to their ads (docs/rules.md §9
 * "Advertising"). A showing is stored once (ad, slot, viewer), so a run that is retried counts
 * nothing twice. Delivery stops at what was bought: the ad that reaches it is completed, leaves
 * the rotation, its buyer is told (the notices are answered for the job to announce) and its final
 * report mailed. An ad no longer active counts nothing.
 */
export async function recordImpressions(
  { tx, now }: Work,
  shown: readonly ShownBanner[],
): Promise<{ delivered: DeliveredImpressions[]; notices: StoredNotice[] }> {
  if (shown.length === 0) return { delivered: [], notices: [] };
  const stored = await tx<{ ad_id: number; added: number }[]>`
    with fresh as (
      insert into ad_impressions (ad_id, slot, viewer)
      select s.ad_id, s.slot, s.viewer
        from unnest(${shown.map((item) => item.adId)}::int[], ${shown.map((item) => item.slot)}::bigint[], ${shown.map((item) => item.viewer)}::text[])
             as s (ad_id, slot, viewer)
        join ads a on a.id = s.ad_id and a.status = 'active'
      on conflict do nothing
      returning ad_id)
    select ad_id, count(*)::int as added from fresh group by ad_id order by ad_id`;
  const delivered: DeliveredImpressions[] = [];
  const completions: NoticeDraft[] = [];
  for (const { ad_id, added } of stored) {
    const [row] = await tx<{ delivered: number; wanted: number; status: string; title: string; buyer_user_id: string | null }[]>`
      update ads
         set impressions_delivered = least(impressions_wanted, impressions_delivered + ${added}),
             status = case when impressions_delivered + ${added} >= impressions_wanted then 'completed' else status end,
             ended_at = case when impressions_delivered + ${added} >= impressions_wanted then ${now} end,
             end_reason = case when impressions_delivered + ${added} >= impressions_wanted then 'delivered' end
       where id = ${ad_id} and status = 'active'
      returning impressions_delivered as delivered, impressions_wanted as wanted, status, title, buyer_user_id`;
    if (!row) continue;
    const completed = row.status === 'completed';
    if (completed && row.buyer_user_id) completions.push(adCompleted(row.buyer_user_id, row.title, row.wanted));
    // docs/rules.md §4 "Advertise flow": the final report goes when the run ends.
    if (completed) await queueAdFinal(tx, ad_id, now, 'delivered', null);
    delivered.push({ adId: ad_id, added, delivered: row.delivered, completed });
  }
  // The notices after every ad's row: append-only rows come after the rows a write locks (docs/write-path.md).
  return { delivered, notices: await notify(tx, completions, now) };
}
