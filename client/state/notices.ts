// A player's notices: read over REST when the bell first shows, kept current by the live room's
// `notification` messages (which reach only the addressee's tabs), marked read over REST.
import type { NotificationDto, NotificationsDto } from '../../schema/api/notifications.ts';
import { markNotificationsRead } from '../api.ts';
import { queryClient, readQuery } from './query.ts';
import { useSession } from './session.ts';
import { showToast } from './toasts.ts';

/** Keyed by player, so a tab that logs in as someone else never shows the previous player's notices. */
export const noticesKey = (userId: string | undefined) =>
  readQuery('/notifications', undefined, { viewer: userId ?? '', on401: 'returnNull' }).queryKey;
const currentKey = () => noticesKey(useSession.getState().account?.id);

const TOAST_TITLES: Record<NotificationDto['kind'], string> = {
  territory_sold: 'Territory Sold',
  vassal_joined: 'New Vassal',
  rent_generated: 'Rent Due',
  rent_due_soon: 'Rent Due Soon',
  rent_overdue: 'Rent Overdue',
  rent_received: 'Rent Received',
  ad_approved: 'Ad Approved',
  ad_rejected: 'Ad Rejected',
  ad_completed: 'Ad Completed',
  payment_received: 'Payment Received',
  payment_refunded: 'Payment Refunded',
  drk_minted: 'DRK Minted',
  earnings_paid: 'Earnings Paid',
  rent_paid: 'Rent Paid',
  territory_bought: 'Territory Bought',
  territory_gifted: 'Territory Received',
  chat_mention: 'Mentioned in Chat',
  season_task_completed: 'Season Task Completed',
  season_paid: 'Season Paid',
  email_claim_lost: 'Address Taken',
  offer_received: 'Offer Received',
  offer_countered: 'Counter-offer',
  offer_ended: 'Offer Ended',
  auction_outbid: 'Outbid',
  auction_won: 'Auction Won',
  auction_sold: 'Auction Sold',
  auction_ended_below_reserve: 'Auction Ended Unsold',
  alliance_invited: 'Alliance Invitation',
  alliance_accepted: 'Alliance Joined',
  alliance_removed: 'Removed from Alliance',
  alliance_payout: 'Alliance Payout',
};

/**
 * Notices of what the player just did in this very game (a purchase, a rent payment): the action's
 * own toast ("Purchase Successful!") has already said it, so they go to the bell without a second one.
 */
const OWN_ACTIONS: ReadonlySet<NotificationDto['kind']> = new Set(['territory_bought', 'rent_paid']);

/** A notice that arrived live: it goes to the top of the list, raises the count, and shows a toast. */
export function receiveNotice(notice: NotificationDto): void {
  queryClient.setQueryData<NotificationsDto>(currentKey(), (current) => {
    if (!current) return current;
    if (current.notifications.some((known) => known.id === notice.id)) return current;
    return { notifications: [notice, ...current.notifications], unread: current.unread + (notice.read ? 0 : 1) };
  });
  if (!OWN_ACTIONS.has(notice.kind)) showToast({ title: TOAST_TITLES[notice.kind], description: notice.text });
}

/** Marks these notices read (or all, without ids) and shows the server's count of what is left. */
export async function markRead(ids?: number[]): Promise<void> {
  const { unread } = await markNotificationsRead(ids);
  queryClient.setQueryData<NotificationsDto>(
    currentKey(),
    (current) =>
      current && {
        unread,
        notifications: current.notifications.map((notice) => (!ids || ids.includes(notice.id) ? { ...notice, read: true } : notice)),
      },
  );
}
