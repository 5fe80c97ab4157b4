import { ACCOUNT_READS } from './accounts.ts';
import { ALLIANCE_READS } from './alliances.ts';
import { AUCTION_READS } from './auctions.ts';
import { DESK_READS } from './desk.ts';
import { ECONOMY_READS } from './economy.ts';
import { PAYMENT_READS } from './payments.ts';
import { PUSH_READS } from './push.ts';
import { SOCIAL_READS } from './social.ts';
import { TERRITORY_READS } from './territories.ts';

/**
 * Every JSON read of the game, each declared once (schema/reads/registry.ts): the routes, their
 * OpenAPI operations and the client's calls and query keys come from these entries. The few GETs
 * that answer something else (the CSV statement, the unsubscribe page, the ad's redirect, health,
 * readiness and the document itself) are described in game-server/transport/http/openapi/operations.ts.
 */
export const READS = [
  ...ACCOUNT_READS,
  ...TERRITORY_READS,
  ...ECONOMY_READS,
  ...AUCTION_READS,
  ...ALLIANCE_READS,
  ...SOCIAL_READS,
  ...PAYMENT_READS,
  ...DESK_READS,
  ...PUSH_READS,
] as const;

/** Any declared read. */
export type Read = (typeof READS)[number];
/**
 * A read's name where its schemas are not wanted: its declared path. The client names reads so,
 * through types alone, since the scripts a page needs before its first use of a form carry no zod
 * (docs/design.md "The first screen"); the compiler holds every such path to a declaration.
 */
export type ReadPath = Read['path'];
/** The declaration of the read at a path. */
export type ReadAt<P extends ReadPath> = Extract<Read, { path: P }>;
