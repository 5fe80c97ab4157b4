import type { ACCOUNT_KINDS } from './economy.ts';
import type { LedgerReason } from './statement.ts';

/** A ledger line's reason as every screen and the statement's CSV name it. */
export const REASON_LABEL: Record<LedgerReason, string> = {
  registration: 'Starting grant',
  demo_grant: 'Demo grant',
  admin_mint: "The Wanakt's mint",
  drk_package: 'DRK package bought',
  earnings: 'Monthly earnings',
  territory_purchase: 'Territory purchase',
  territory_assignment: 'Territory assignment',
  upgrade: 'Upgrade',
  rent: 'Rent',
  collectible: 'Collectible',
  banner: 'Dashboard banner',
  refund: 'Refund',
  season_reward: 'Season reward',
  offer_hold: 'Held for an offer',
  offer_return: 'Returned: offer ended',
  auction_hold: 'Held for a bid',
  auction_return: 'Returned: bid ended',
  alliance_fee: 'Alliance founded',
  alliance_deposit: 'Alliance deposit',
  alliance_payout: 'Alliance payout',
  alliance_close: 'Alliance closed: treasury returned',
};

export const KIND_LABEL: Record<(typeof ACCOUNT_KINDS)[number], string> = {
  minted: 'Minted',
  treasury: "The Wanakt's treasury",
  player: 'Players',
};
