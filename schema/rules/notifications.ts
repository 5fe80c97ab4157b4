import { formatDollars as dollars, formatDrk as drk, formatMonth, formatNumber } from '../format.ts';
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

export function territoryGifted(recipientId: string, territory: string, from: string, price: number): NoticeDraft {
  const how = price > 0 ? `assigned you ${territory} for ${drk(price)}` : `gave you ${territory}`;
  return { userId: recipientId, kind: 'territory_gifted', text: `${from} ${how}`, link: '/' };
}

export function chatMention(userId: string, author: string, territory: string): NoticeDraft {
  return { userId, kind: 'chat_mention', text: `${author} mentioned you in the chat of ${territory}`, link: '/' };
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
};

export { drk as drkText, dollars as dollarText };

/** Whole days from now until a due date, rounded up: 'due in 3 days' while 2.1 days are left. */
export function daysUntil(due: Date, now: Date): number {
  return Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 86_400_000));
}
