import { z } from 'zod';

export const RANKING_BOARDS = ['wealth', 'territories', 'earnings', 'tribute'] as const;
export type RankingBoard = (typeof RANKING_BOARDS)[number];

export const RankingBoardParam = z.enum(RANKING_BOARDS, { error: 'A ranking is wealth, territories, earnings or tribute' });

/** How many places a ranking lists. */
export const RANKING_SIZE = 50;

export const RankedPlayerDto = z
  .object({
    rank: z.number().int(),
    user_id: z.string(),
    username: z.string(),
    /** DRK held, territories held, DRK earned last month, or DRK of rent received. */
    value: z.number(),
  })
  .meta({ id: 'RankedPlayer' });
export type RankedPlayerDto = z.infer<typeof RankedPlayerDto>;

export const RankingDto = z
  .object({
    board: z.enum(RANKING_BOARDS),
    top: z.array(RankedPlayerDto),
    /** The viewer's own place, or null for a visitor or a player with nothing on this board. */
    you: RankedPlayerDto.nullable(),
  })
  .meta({ id: 'Ranking' });
export type RankingDto = z.infer<typeof RankingDto>;
