import { z } from 'zod';
import { LINK_SIGNALS } from '../rules/fair-play.ts';

/** How many clusters of linked accounts the desk lists, the largest first. */
export const CLUSTERS_SHOWN = 100;

/** Accounts that count as one person's (docs/rules.md §10 "Fair play"), with what links them. */
export const LinkedClusterDto = z
  .object({
    members: z.array(z.object({ id: z.string(), username: z.string() })),
    evidence: z.array(
      z.object({
        signal: z.enum(LINK_SIGNALS),
        /** What was shared: a network, a card's fingerprint, a mailbox, or the land passed and how. */
        detail: z.string(),
        /** The members who shared it, by name. */
        users: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'LinkedCluster' });
export type LinkedClusterDto = z.infer<typeof LinkedClusterDto>;
