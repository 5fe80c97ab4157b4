import type { Handlers } from '../handler.ts';
import {
  changePassword,
  createKey,
  liftHold,
  markRead,
  revokeKey,
  setEmail,
  setMailPreferences,
  setPreference,
  verifyEmail,
} from './account.ts';
import { approveAd, buyBanner, clickAd, confirmAdAddress, purchaseAd, rejectAd } from './ads.ts';
import {
  acceptCommand,
  declineCommand,
  approveCommand,
  depositCommand,
  foundAllianceCommand,
  handOverCommand,
  inviteCommand,
  leaveCommand,
  payOutCommand,
  promoteCommand,
  removeCommand,
  requestCommand,
  setLimitCommand,
} from './alliances.ts';
import { dismissAway, visit } from './away.ts';
import { payForBroadcast, sendBroadcast } from './broadcasts.ts';
import { unsubscribe } from './mail.ts';
import { choosePushSettings, subscribeToPush, unsubscribeFromPush } from './push.ts';
import { bidOnAuction, cancelAuction, startAuction } from './auctions.ts';
import { acceptCounter, acceptOffer, counterOffer, declineOffer, makeOffer, setMinOffer, withdrawOffer } from './offers.ts';
import { postAllianceChat, postChat } from './chat-post.ts';
import { removeChat } from './chat-remove.ts';
import { applyCollectible } from './collectible-apply.ts';
import { buyCollectible } from './collectible-purchase.ts';
import { mintDrk } from './currency-mint.ts';
import { mutePlayerCommand, removeBroadcastCommand, unmutePlayerCommand } from './moderation.ts';
import { cancelCheckout, confirmSandboxPayment, startDrkPurchase } from './payments.ts';
import { generateRent } from './rent-generate.ts';
import { payRent } from './rent-pay.ts';
import { createSettlement } from './settlement-create.ts';
import { createSpecialEvent, updateSpecialEvent } from './special-events.ts';
import { assignTerritory } from './territory-assign.ts';
import { claimStarterTerritory } from './territory-claim-starter.ts';
import { describeTerritory } from './territory-describe.ts';
import { giftTerritory } from './territory-gift.ts';
import { createTerritoryEvent, deleteTerritoryEvent, updateTerritoryEvent } from './territory-events.ts';
import { listTerritory } from './territory-list.ts';
import { moveTerritoryPin } from './territory-move-pin.ts';
import { purchaseTerritory } from './territory-purchase.ts';
import { renameTerritory } from './territory-rename.ts';
import { setTerritoryRent } from './territory-set-rent.ts';
import { upgradeTerritory } from './territory-upgrade.ts';
import { visitTerritory } from './territory-visit.ts';
import { runAudit } from './supply-audit.ts';

/** The handler of every command: a command without one does not compile. */
export const HANDLERS: Handlers = {
  'territory.purchase': purchaseTerritory,
  'territory.upgrade': upgradeTerritory,
  'territory.describe': describeTerritory,
  'territory.rename': renameTerritory,
  'territory.list': listTerritory,
  'territory.move-pin': moveTerritoryPin,
  'territory.set-rent': setTerritoryRent,
  'territory.assign': assignTerritory,
  'territory.visit': visitTerritory,
  'territory.gift': giftTerritory,
  'territory.claim-starter': claimStarterTerritory,
  'currency.mint': mintDrk,
  'rent.pay': payRent,
  'rent.generate': generateRent,
  'collectible.purchase': buyCollectible,
  'collectible.apply': applyCollectible,
  'collectible.unapply': applyCollectible,
  'drk.purchase-intent': startDrkPurchase,
  'payment.sandbox-confirm': confirmSandboxPayment,
  'payment.cancel': cancelCheckout,
  'settlement.create': createSettlement,
  'territory-event.create': createTerritoryEvent,
  'territory-event.update': updateTerritoryEvent,
  'territory-event.delete': deleteTerritoryEvent,
  'special-event.create': createSpecialEvent,
  'special-event.update': updateSpecialEvent,
  'chat.post': postChat,
  'chat.remove': removeChat,
  'broadcast.remove': removeBroadcastCommand,
  'player.mute': mutePlayerCommand,
  'player.unmute': unmutePlayerCommand,
  'account.change-password': changePassword,
  'trade-hold.lift': liftHold,
  'broadcast.pay': payForBroadcast,
  'broadcast.send': sendBroadcast,
  'ad.purchase': purchaseAd,
  'banner.buy': buyBanner,
  'ad.approve': approveAd,
  'ad.reject': rejectAd,
  'ad.click': clickAd,
  'ad.confirm-address': confirmAdAddress,
  'economy.audit': runAudit,
  'notifications.read': markRead,
  'notifications.set-preference': setPreference,
  'api-key.create': createKey,
  'api-key.revoke': revokeKey,
  'account.set-email': setEmail,
  'account.verify-email': verifyEmail,
  'account.mail-preferences': setMailPreferences,
  'push.subscribe': subscribeToPush,
  'push.unsubscribe': unsubscribeFromPush,
  'push.settings': choosePushSettings,
  'mail.unsubscribe': unsubscribe,
  'away.visit': visit,
  'away.dismiss': dismissAway,
  'offer.make': makeOffer,
  'offer.withdraw': withdrawOffer,
  'offer.decline': declineOffer,
  'offer.counter': counterOffer,
  'offer.accept': acceptOffer,
  'offer.accept-counter': acceptCounter,
  'territory.set-min-offer': setMinOffer,
  'auction.start': startAuction,
  'auction.bid': bidOnAuction,
  'auction.cancel': cancelAuction,
  'alliance.found': foundAllianceCommand,
  'alliance.invite': inviteCommand,
  'alliance.request': requestCommand,
  'alliance.accept': acceptCommand,
  'alliance.decline': declineCommand,
  'alliance.leave': leaveCommand,
  'alliance.remove': removeCommand,
  'alliance.promote': promoteCommand,
  'alliance.hand-over': handOverCommand,
  'alliance.deposit': depositCommand,
  'alliance.set-limit': setLimitCommand,
  'alliance.pay-out': payOutCommand,
  'alliance.approve': approveCommand,
  'alliance.chat': postAllianceChat,
};
