import type { ACCOUNT_KINDS } from '../../schema/api/economy.ts';
import type { LedgerReason } from '../../schema/api/statement.ts';

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
};

export const KIND_LABEL: Record<(typeof ACCOUNT_KINDS)[number], string> = {
  minted: 'Minted',
  treasury: "The Wanakt's treasury",
  player: 'Players',
};
