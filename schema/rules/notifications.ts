import { formatDollars as dollars, formatDrk as drk, formatMonth, formatNumber, quoted } from '../format.ts';
import { territoryLink } from '../routes.ts';
/** Everything that can happen to a player that the game tells it about. */
export const NOTIFICATION_KINDS = [
  'territory_sold',
  'vassal_joined',
  'rent_generated',
  'rent_due_soon',
  'rent_overdue',
  'rent_received',
  'ad_approved',
  'ad_rejected',
  'ad_completed',
  'payment_received',
  'payment_refunded',
  'drk_minted',
  'earnings_paid',
  'rent_paid',
  'territory_bought',
  'territory_gifted',
  'chat_mention',
  'season_task_completed',
  'season_paid',
  'email_claim_lost',
  'offer_received',
  'offer_countered',
  'offer_ended',
  'auction_outbid',
  'auction_won',
  'auction_sold',
  'auction_ended_below_reserve',
  'alliance_invited',
  'alliance_accepted',
  'alliance_removed',
  'alliance_payout',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notice before it is stored: whom it is for, what it says, and where the player can act on it. */
export interface NoticeDraft {
  userId: string;
  kind: NotificationKind;
  text: string;
  link: string | null;
  /** Present on reminders that must reach a player once whatever job or process notices them. */
  onceKey?: string;
  /** The DRK it is about, where a player's mail preference compares it with a threshold (rent received). */
  amount?: number;
}

// One function per event that tells a player something; the texts say what happened and to what.

export function territorySold(sellerId: string, territory: string, buyer: string, price: number): NoticeDraft {
  return { userId: sellerId, kind: 'territory_sold', text: `${buyer} bought ${territory} from you for ${drk(price)}`, link: '/revenue' };
}

export function vassalJoined(lordId: string, lordTerritory: string, vassal: string, territory: string): NoticeDraft {
  return {
    userId: lordId,
    kind: 'vassal_joined',
    text: `${vassal} took ${territory} and joined your realm under ${lordTerritory}`,
    link: '/feudal',
  };
}

export function rentGenerated(payerId: string, period: string): NoticeDraft {
  return {
    userId: payerId,
    kind: 'rent_generated',
    text: `Rent for ${period} is now due: see what you owe`,
    link: '/rent',
    onceKey: `rent-generated:${period}`,
  };
}

export function rentDueSoon(payerId: string, paymentId: number, territory: string, amount: number, daysLeft: number): NoticeDraft {
  const when = daysLeft <= 1 ? 'within a day' : `in ${daysLeft} days`;
  return {
    userId: payerId,
    kind: 'rent_due_soon',
    text: `Rent of ${drk(amount)} for ${territory} is due ${when}`,
    link: '/rent',
    onceKey: `rent-due-soon:${paymentId}`,
  };
}

export function rentOverdue(payerId: string, paymentId: number, territory: string, amount: number): NoticeDraft {
  return {
    userId: payerId,
    kind: 'rent_overdue',
    text: `Rent of ${drk(amount)} for ${territory} is overdue`,
    link: '/rent',
    onceKey: `rent-overdue:${paymentId}`,
  };
}

export function rentReceived(payeeId: string, payer: string, territory: string, amount: number): NoticeDraft {
  return {
    userId: payeeId,
    kind: 'rent_received',
    text: `${payer} paid you ${drk(amount)} rent for ${territory}`,
    link: '/revenue',
    amount,
  };
}

export function adReviewed(buyerId: string, title: string, approved: boolean, refund: string | null): NoticeDraft {
  if (approved)
    return {
      userId: buyerId,
      kind: 'ad_approved',
      text: `Your ad "${title}" was approved and is in the banner rotation`,
      link: '/advertise',
    };
  const back = refund ? `; ${refund} went back to you` : '';
  return { userId: buyerId, kind: 'ad_rejected', text: `Your ad "${title}" was rejected in review${back}`, link: '/advertise' };
}

export function adUnreviewed(buyerId: string, title: string, hours: number, refund: string | null): NoticeDraft {
  const back = refund ? `: ${refund} went back to you` : '';
  return {
    userId: buyerId,
    kind: 'payment_refunded',
    text: `Your ad "${title}" was not reviewed within ${hours} hours and was refunded${back}`,
    link: '/advertise',
  };
}

export function adEnded(buyerId: string, title: string, delivered: number, wanted: number, refund: string | null): NoticeDraft {
  const back = refund ? `; ${refund} went back to you for the rest` : '';
  return {
    userId: buyerId,
    kind: 'ad_completed',
    text: `Your ad "${title}" ended its run with ${formatNumber(delivered)} of ${formatNumber(wanted)} impressions delivered${back}`,
    link: '/advertise',
  };
}

export function adCompleted(buyerId: string, title: string, impressions: number): NoticeDraft {
  return {
    userId: buyerId,
    kind: 'ad_completed',
    text: `Your ad "${title}" has delivered all ${formatNumber(impressions)} impressions`,
    link: '/advertise',
  };
}

export function paymentReceived(userId: string, what: string, cents: number): NoticeDraft {
  return { userId, kind: 'payment_received', text: `Your payment of ${dollars(cents)} was received: ${what}`, link: '/drk-store' };
}

export function paymentRefunded(userId: string, cents: number, reason: string): NoticeDraft {
  return { userId, kind: 'payment_refunded', text: `Your payment of ${dollars(cents)} was refunded: ${reason}`, link: '/drk-store' };
}

export function drkMinted(userId: string, amount: number): NoticeDraft {
  return { userId, kind: 'drk_minted', text: `The Wanakt minted ${drk(amount)} for you`, link: '/account' };
}

export function earningsPaid(userId: string, month: string, amount: number): NoticeDraft {
  return {
    userId,
    kind: 'earnings_paid',
    text: `Your monthly earnings for ${formatMonth(month)} were paid: ${drk(amount)}`,
    link: '/revenue',
    onceKey: `earnings:${month}`,
  };
}

export function rentPaid(payerId: string, payee: string, territory: string, amount: number): NoticeDraft {
  return { userId: payerId, kind: 'rent_paid', text: `You paid ${payee} ${drk(amount)} rent for ${territory}`, link: '/rent' };
}

export function territoryBought(buyerId: string, territory: string, price: number): NoticeDraft {
  return { userId: buyerId, kind: 'territory_bought', text: `You bought ${territory} for ${drk(price)}`, link: '/' };
}

/** A starter claim is paid from the starting grant at a set price: the player claimed it rather than bought it on the market. */
export function starterClaimed(userId: string, territory: { id: number; name: string }, price: number): NoticeDraft {
  return {
    userId,
    kind: 'territory_bought',
    text: `You claimed ${territory.name} for ${drk(price)} from your starting grant`,
    link: territoryLink(territory.id),
  };
}

/** The first notice a new player finds in its bell: where its first DRK came from, and what they are for. */
export function startingGrant(userId: string, amount: number): NoticeDraft {
  return {
    userId,
    kind: 'drk_minted',
    text: `Welcome! You start with ${drk(amount)}, your starting grant: claim your first territory with it in First steps`,
    link: '/',
  };
}

export function territoryGifted(recipientId: string, territory: string, from: string, price: number): NoticeDraft {
  const how = price > 0 ? `assigned you ${territory} for ${drk(price)}` : `gave you ${territory}`;
  return { userId: recipientId, kind: 'territory_gifted', text: `${from} ${how}`, link: '/' };
}

// docs/rules.md §4 "Offers": the owner hears of each offer, the buyer of a counter and of its offer's end.
export function offerReceived(ownerId: string, territory: string, buyer: string, amount: number): NoticeDraft {
  return { userId: ownerId, kind: 'offer_received', text: `${buyer} offers ${drk(amount)} for ${territory}`, link: '/marketplace', amount };
}

export function offerCountered(buyerId: string, territory: string, owner: string, price: number): NoticeDraft {
  return {
    userId: buyerId,
    kind: 'offer_countered',
    text: `${owner} asks ${drk(price)} for ${territory} in answer to your offer`,
    link: '/marketplace',
    amount: price,
  };
}

/** Why an offer ended, as its buyer reads it. */
export type OfferEnd = 'declined' | 'expired' | 'voided';
const OFFER_ENDS: Record<OfferEnd, string> = {
  declined: 'the owner declined it',
  expired: 'its time ran out',
  voided: 'the territory changed hands',
};

export function offerEnded(buyerId: string, territory: string, amount: number, why: OfferEnd): NoticeDraft {
  return {
    userId: buyerId,
    kind: 'offer_ended',
    text: `Your offer of ${drk(amount)} for ${territory} ended (${OFFER_ENDS[why]}); the DRK is back in your balance`,
    link: '/marketplace',
  };
}

// docs/rules.md §4 "Auctions": a beaten leader, the winner, the seller, and both sides of an auction
// that ended below its reserve or without a bid hear of it.
export function auctionOutbid(bidderId: string, territory: string, amount: number, why: 'outbid' | 'voided'): NoticeDraft {
  const how = why === 'outbid' ? 'you were outbid' : 'the territory changed hands and the auction was called off';
  return {
    userId: bidderId,
    kind: 'auction_outbid',
    text: `Your bid of ${drk(amount)} for ${territory} no longer leads (${how}); the DRK is back in your balance`,
    link: '/marketplace',
    amount,
  };
}

export function auctionWon(winnerId: string, territory: string, price: number): NoticeDraft {
  return { userId: winnerId, kind: 'auction_won', text: `You won the auction of ${territory} for ${drk(price)}`, link: '/', amount: price };
}

export function auctionSold(sellerId: string, territory: string, winner: string, price: number): NoticeDraft {
  return {
    userId: sellerId,
    kind: 'auction_sold',
    text: `Your auction of ${territory} sold to ${winner} for ${drk(price)}`,
    link: '/revenue',
    amount: price,
  };
}

/** An auction that ended unsold: to its seller, and to its leader (whose DRK came back) if it had one. */
export function auctionEndedUnsold(userId: string, territory: string, leading: number | null, side: 'seller' | 'leader'): NoticeDraft {
  const text =
    leading === null
      ? `Your auction of ${territory} ended without a bid; you keep the territory`
      : side === 'seller'
        ? `Your auction of ${territory} ended below your reserve at ${drk(leading)}; you keep the territory and the bid went back`
        : `The auction of ${territory} ended below its reserve; your ${drk(leading)} is back in your balance`;
  return { userId, kind: 'auction_ended_below_reserve', text, link: '/marketplace', ...(leading === null ? {} : { amount: leading }) };
}

// docs/rules.md §4 "Alliances": an invitation, a place taken, a removal and a payout are told.
export function allianceInvited(userId: string, alliance: string, by: string): NoticeDraft {
  return { userId, kind: 'alliance_invited', text: `${by} invites you to join ${alliance}`, link: '/alliance' };
}

export function allianceAccepted(userId: string, alliance: string, who: string, invited: boolean): NoticeDraft {
  const text = invited
    ? `${who} accepted your invitation and joined ${alliance}`
    : `${who} accepted your request: you are a member of ${alliance}`;
  return { userId, kind: 'alliance_accepted', text, link: '/alliance' };
}

export function allianceRemoved(userId: string, alliance: string, by: string): NoticeDraft {
  return { userId, kind: 'alliance_removed', text: `${by} removed you from ${alliance}`, link: '/alliance' };
}

export function alliancePayout(userId: string, alliance: string, amount: number): NoticeDraft {
  return { userId, kind: 'alliance_payout', text: `${alliance} paid you ${drk(amount)} from its treasury`, link: '/alliance', amount };
}

/** Where a chat is: its name, and the page that shows it (the map on a territory, an alliance's page). */
export interface ChatPlace {
  name: string;
  link: string;
}

export const territoryChat = (territory: { id: number; name: string }): ChatPlace => ({
  name: territory.name,
  link: territoryLink(territory.id),
});

/** What was said and where: the link opens the chat's page, which shows the rest. */
export function chatMention(userId: string, author: string, place: ChatPlace, message: string): NoticeDraft {
  return {
    userId,
    kind: 'chat_mention',
    text: `${author} mentioned you in the chat of ${place.name}: ${quoted(message)}`,
    link: place.link,
  };
}

export function seasonTaskCompleted(userId: string, season: number, task: string): NoticeDraft {
  return {
    userId,
    kind: 'season_task_completed',
    text: `Season ${season}: you completed "${task}"`,
    link: '/season',
    onceKey: `season-task:${season}:${task}`,
  };
}

export function seasonPaid(userId: string, season: number, amount: number): NoticeDraft {
  return {
    userId,
    kind: 'season_paid',
    text: `Season ${season} has ended: you received ${drk(amount)} from its pool`,
    link: '/season',
    onceKey: `season-paid:${season}`,
  };
}

/** docs/rules.md §11 "Mail": another account confirmed the address this player had set, so its claim is cancelled. */
export function emailClaimLost(userId: string, email: string): NoticeDraft {
  return {
    userId,
    kind: 'email_claim_lost',
    text: `Another account confirmed ${email} before you did, so it is no longer set on yours: set another address to get mail`,
    link: '/account',
  };
}

/** The @names a chat message mentions, as written (a name is letters, digits, '_' or '-'). */
export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/(?:^|[^\w@])@([\w-]{2,32})/g)].map((match) => match[1]))];
}

/** What each kind is called in the player's preferences. */
export const NOTIFICATION_KIND_NAMES: Record<NotificationKind, string> = {
  territory_sold: 'A territory of yours is sold',
  vassal_joined: 'A vassal joins your realm',
  rent_generated: 'Rent is billed',
  rent_due_soon: 'Rent falls due soon',
  rent_overdue: 'Rent is overdue',
  rent_received: 'A vassal pays you rent',
  rent_paid: 'You pay rent',
  ad_approved: 'Your ad is approved',
  ad_rejected: 'Your ad is rejected',
  ad_completed: 'Your ad has run its course',
  payment_received: 'A card payment is received',
  payment_refunded: 'A payment is refunded',
  drk_minted: 'The Wanakt mints DRK for you',
  earnings_paid: 'Monthly earnings are paid',
  territory_bought: 'You buy a territory',
  territory_gifted: 'You are given or assigned a territory',
  chat_mention: 'Someone mentions you in chat',
  season_task_completed: 'You complete a season task',
  season_paid: 'A season pays you your share',
  email_claim_lost: 'Another account confirms an address you set first',
  offer_received: 'Someone offers DRK for your land',
  offer_countered: 'An owner counters your offer',
  offer_ended: 'An offer of yours ends and its DRK comes back',
  auction_outbid: 'Your bid in an auction is beaten',
  auction_won: 'You win an auction',
  auction_sold: 'Your auction sells',
  auction_ended_below_reserve: 'An auction ends below its reserve or without a bid',
  alliance_invited: 'An alliance invites you',
  alliance_accepted: 'You join an alliance, or your invitation is accepted',
  alliance_removed: 'You are removed from your alliance',
  alliance_payout: 'Your alliance pays you DRK from its treasury',
};

export { drk as drkText, dollars as dollarText };

/** Whole days from now until a due date, rounded up: 'due in 3 days' while 2.1 days are left. */
export function daysUntil(due: Date, now: Date): number {
  return Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 86_400_000));
}
