// Apart from territory-list.ts, whose schemas build zod at import: the client reads this header on
// every world answer, and importing it from there put zod in the bundle every page loads first.

/** The header every world answer carries: the outbox number the territories reflect. */
export const WORLD_SEQ_HEADER = 'X-World-Seq';
