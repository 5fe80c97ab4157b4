import { z } from 'zod';
import { cursorOf, pageLimit } from './pages.ts';

/** Why DRK moved: every ledger row carries one. The first five create DRK; the rest move it. */
export const LEDGER_REASONS = [
  'registration',
  'demo_grant',
  'admin_mint',
  'drk_package',
  'earnings',
  'territory_purchase',
  'territory_assignment',
  'upgrade',
  'rent',
  'collectible',
  'banner',
  'refund',
  'season_reward',
  'offer_hold',
  'offer_return',
  'auction_hold',
  'auction_return',
  'alliance_fee',
  'alliance_deposit',
  'alliance_payout',
  'alliance_close',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const STATEMENT_DEFAULT_PAGE = 50;
/** The largest page GET /api/account/statement answers; the CSV export has no pages. */
export const STATEMENT_MAX_PAGE = 200;
/** The most movements one CSV export holds, newest first. */
export const STATEMENT_CSV_MAX_ROWS = 100_000;

/** The counterparty named for the Wanakt's account and for a mint. */
export const TREASURY_NAME = "the Wanakt's treasury";
export const MINTED_NAME = 'minted';
/** The counterparty of DRK held for an offer or a bid and given back (docs/rules.md §4 "Offers", "Auctions"). */
export const ESCROW_NAME = 'escrow';

const Filters = {
  reason: z.enum(LEDGER_REASONS, { error: 'Unknown reason' }).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must look like 2026-05' })
    .optional(),
};

/** The query of GET /api/account/statement.csv. */
export const StatementCsvQuery = z.strictObject(Filters, { error: 'Unknown statement filter' });

/** The query of GET /api/account/statement: the filters, a page size and the cursor of the page before. */
export const StatementQuery = z.strictObject(
  {
    ...Filters,
    cursor: cursorOf(z.tuple([z.string().regex(/^[1-9][0-9]{0,17}$/)]))
      .optional()
      .meta({ description: 'The next_cursor of the page before; opaque' }),
    limit: pageLimit(STATEMENT_MAX_PAGE)
      .default(STATEMENT_DEFAULT_PAGE)
      .meta({ description: `Lines per page, 1 to ${STATEMENT_MAX_PAGE} (${STATEMENT_DEFAULT_PAGE} when left out)` }),
  },
  { error: 'Unknown statement filter' },
);
export type StatementFilters = z.infer<typeof StatementCsvQuery>;

/** One movement as its account sees it: a positive amount came in, a negative one went out. */
export const StatementLine = z.object({
  id: z.string(),
  created_at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  counterparty: z.string(),
  amount: z.number().int(),
  /** The account's balance right after this movement. */
  running_balance: z.number().int().nonnegative(),
  territory_name: z.string().nullable(),
});

/** Newest first; next_cursor asks for the page after this one, null on the last page. */
export const StatementPage = z.object({
  balance: z.number().int().nonnegative(),
  lines: z.array(StatementLine),
  next_cursor: z.string().nullable(),
});

export type StatementLineDto = z.infer<typeof StatementLine>;
export type StatementPageDto = z.infer<typeof StatementPage>;
