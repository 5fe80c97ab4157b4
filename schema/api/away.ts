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
  'offers_received',
  'bids_received',
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
    /** DRK, positive in and negative out; null for the lines that are not DRK (offers and bids received, mentions, season tasks). */
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
    /** The player's balance at `from` and at `to`, as its statement's running balance stood: `now` less `then` is `net`. */
    balance: z.object({ then: z.number().int(), now: z.number().int(), link: z.string() }),
    /** The player's place in the standings of the season running at `to`, at `from` and at `to`; null between seasons. */
    season: z
      .object({ number: z.number().int(), then: z.number().int().nullable(), now: z.number().int().nullable(), link: z.string() })
      .nullable(),
  })
  .meta({ id: 'AwaySummary' });
export type AwaySummaryDto = z.infer<typeof AwaySummary>;

/** GET /api/away: the panel waiting for the player, or null when it was not away (or dismissed it). */
export const AwayPanel = z.object({ away: AwaySummary.nullable() }).meta({ id: 'AwayPanel' });
export type AwayPanelDto = z.infer<typeof AwayPanel>;

/**
 * The window GET /api/away/since-yesterday summarises: the day up to the game's now, whether or not
 * the player was away, so a daily visit always has its summary (docs/rules.md §4 "Since yesterday").
 */
export const SINCE_YESTERDAY_MS = 24 * 60 * 60 * 1000;

/** An absence this long or longer, by the game's clock, earns a panel on the next visit. */
export const AWAY_AFTER_MS = 60 * 60 * 1000;
