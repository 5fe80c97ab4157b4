import { AD_REVIEW_HOURS } from '../../schema/rules/ad-promises.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { NotificationDto } from '../../schema/api/notifications.ts';
import type { NotificationKind } from '../../schema/rules/notifications.ts';
import { formatDateTime } from '../format.ts';
import { queryClient, readQuery } from '../state/query.ts';
import { serverMessageOr, setNotificationPreference } from '../api.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { markRead } from '../state/notices.ts';
import { useAdsInReview } from '../state/adsInReview.ts';
import './notifications.css';

/** Which kinds of notice the player hears of, one switch each. */
function NoticePreferences() {
  const preferences = useQuery(readQuery('/notifications/preferences'));
  const save = async (kind: NotificationKind, enabled: boolean) => {
    try {
      queryClient.setQueryData(readQuery('/notifications/preferences').queryKey, await setNotificationPreference(kind, enabled));
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Not Saved', description: serverMessageOr(error, 'Could not save the preference.') });
    }
  };
  return (
    <details className="notice-preferences" data-testid="notice-preferences">
      <summary>Choose what you hear of</summary>
      <ul>
        {preferences.data?.preferences.map((preference) => (
          <li key={preference.kind}>
            <label>
              <input type="checkbox" checked={preference.enabled} onChange={(event) => void save(preference.kind, event.target.checked)} />{' '}
              {preference.name}
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}

const adsWaiting = (count: number) => `${count} ${count === 1 ? 'ad waits' : 'ads wait'} for review`;

/** The top bar's bell: how many notices are unread, and the newest of them in a panel. */
export function NotificationBell() {
  const userId = useSession((state) => state.account?.id);
  const { data } = useQuery(readQuery('/notifications', undefined, { viewer: userId ?? '', on401: 'returnNull' }));
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  const inReview = useAdsInReview() ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const mark = async (ids?: number[]) => {
    try {
      await markRead(ids);
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Not Saved',
        description: serverMessageOr(error, 'Could not mark the notifications read.'),
      });
    }
  };

  const follow = (notice: NotificationDto) => {
    if (!notice.read) void mark([notice.id]);
    setOpen(false);
    if (notice.link) void navigate(notice.link);
  };

  return (
    <div className="notice-bell" ref={panel}>
      <button
        type="button"
        className="button notice-bell-button"
        aria-expanded={open}
        onClick={() => {
          // Opening the list is reading it: the badge clears at once.
          if (!open && unread > 0) void mark();
          setOpen(!open);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
            fill="currentColor"
          />
        </svg>
        {/* The button's name is this text, not an aria-label: a label that is not the visible counts
            breaks "the name contains what is seen" (WCAG 2.5.3); the counts are seen, this is heard. */}
        <span className="visually-hidden">
          {[unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', inReview > 0 && adsWaiting(inReview)]
            .filter(Boolean)
            .join('; ')}
        </span>
        {unread > 0 && (
          <span className="notice-count" data-testid="notice-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        {inReview > 0 && (
          <span className="review-count" data-testid="review-count" title={adsWaiting(inReview)} aria-hidden="true">
            {inReview > 99 ? '99+' : inReview}
          </span>
        )}
      </button>
      {open && (
        <div className="notice-panel" role="dialog" aria-label="Notifications">
          <div className="notice-panel-head">
            <strong>Notifications</strong>
            <button type="button" className="link-button" disabled={unread === 0} onClick={() => void mark()}>
              Mark all read
            </button>
          </div>
          {inReview > 0 && (
            <Link className="notice-review" to="/admin/desk" data-testid="review-link" onClick={() => setOpen(false)}>
              {adsWaiting(inReview)}: review {inReview === 1 ? 'it' : 'them'} on the desk. One not reviewed within {AD_REVIEW_HOURS} hours
              is refunded.
            </Link>
          )}
          {data && data.notifications.length === 0 && (
            <p className="notice-empty">
              No notifications yet. Mints, earnings, rent, sales, purchases, gifts, refunds and mentions in chat will appear here.
            </p>
          )}
          <ul className="notice-list">
            {data?.notifications.map((notice) => (
              <li key={notice.id}>
                <button type="button" className="notice-item" data-unread={!notice.read} onClick={() => follow(notice)}>
                  <span className="notice-text">{notice.text}</span>
                  <time className="notice-time" dateTime={notice.created_at}>
                    {formatDateTime(notice.created_at)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          <NoticePreferences />
        </div>
      )}
    </div>
  );
}
