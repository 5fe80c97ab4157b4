import { z } from 'zod';

/**
 * The lines of what happened to a player between two moments (docs/rules.md §4 "While you were
 * away"), each read from the ledger or the notices: the DRK lines together are every movement of
 * the player's statement in that time, so they add up to its net.
 */
export const SUMMARY_LINE_KEYS = [
  'earnings',
  'rent_received',
  'rent_paid',
  'sales',
  'listings_bought',
  'purchases',
  'season_reward',
  'other_in',
  'other_out',
  'mentions',
  'season_tasks',
] as const;
export type SummaryLineKey = (typeof SUMMARY_LINE_KEYS)[number];

export const SummaryLine = z
  .object({
    key: z.enum(SUMMARY_LINE_KEYS),
    text: z.string(),
    /** How many movements (mentions, tasks) the line holds. */
    count: z.number().int().nonnegative(),
    /** DRK, positive in and negative out; null for the lines that are not DRK (mentions, season tasks). */
    amount: z.number().int().nullable(),
    /** Where in the game the line's things are. */
    link: z.string(),
  })
  .meta({ id: 'SummaryLine' });
export type SummaryLineDto = z.infer<typeof SummaryLine>;

export const AwaySummary = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Only lines with something in them, in SUMMARY_LINE_KEYS order. */
    lines: z.array(SummaryLine),
    /** The sum of the DRK lines: the statement's net over the same time. */
    net: z.number().int(),
    /** The player's place on the wealth board at `from` and at `to`; null while it held no DRK. */
    rank: z.object({ then: z.number().int().nullable(), now: z.number().int().nullable(), link: z.string() }),
  })
  .meta({ id: 'AwaySummary' });
export type AwaySummaryDto = z.infer<typeof AwaySummary>;

/** GET /api/away: the panel waiting for the player, or null when it was not away (or dismissed it). */
export const AwayPanel = z.object({ away: AwaySummary.nullable() }).meta({ id: 'AwayPanel' });
export type AwayPanelDto = z.infer<typeof AwayPanel>;

/** An absence this long or longer, by the game's clock, earns a panel on the next visit. */
export const AWAY_AFTER_MS = 60 * 60 * 1000;
