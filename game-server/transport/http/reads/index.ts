import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import type { HttpDeps } from '../deps.ts';
import { accountReads } from './accounts.ts';
import { allianceReads } from './alliances.ts';
import { auctionReads } from './auctions.ts';
import { deskReads } from './desk.ts';
import { economyReads } from './economy.ts';
import { paymentReads } from './payments.ts';
import { pushReads } from './push.ts';
import type { ReadBinding } from './serve.ts';
import { socialReads } from './social.ts';
import { territoryReads } from './territories.ts';

/**
 * Every declared read bound to its service (schema/reads/), but the world's lists, which
 * app.ts answers ahead of the session from memory (routes/world-reads.ts).
 */
export const readBindings = (deps: HttpDeps, payments: PaymentProvider): ReadBinding[] => [
  ...accountReads(deps),
  ...territoryReads(deps),
  ...economyReads(deps),
  ...auctionReads(deps),
  ...allianceReads(deps),
  ...socialReads(deps, payments),
  ...paymentReads(deps, payments),
  ...deskReads(deps),
  ...pushReads(deps),
];
