import { CLUSTERS_SHOWN, type LinkedClusterDto } from '../../../schema/api/fair-play.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { clusters } from './links.ts';

/** The desk's list of linked accounts (docs/rules.md §10 "Fair play"): the largest clusters, members and evidence by name. */
export async function linkedClusters(sql: Queryable): Promise<LinkedClusterDto[]> {
  const shown = (await clusters(sql)).slice(0, CLUSTERS_SHOWN);
  const ids = [...new Set(shown.flatMap((cluster) => cluster.members))];
  const names = new Map<string, string>();
  if (ids.length > 0)
    for (const row of await sql<{ id: string; username: string }[]>`select id, username from users where id in ${sql(ids)}`)
      names.set(row.id, row.username);
  const nameOf = (id: string) => names.get(id) ?? id;
  return shown.map((cluster) => ({
    members: cluster.members.map((id) => ({ id, username: nameOf(id) })),
    evidence: cluster.evidence.map((link) => ({ ...link, users: link.users.map(nameOf) })),
  }));
}
