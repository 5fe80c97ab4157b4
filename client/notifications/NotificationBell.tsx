import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationDto, NotificationPreferencesDto, NotificationsDto } from '../../schema/api/notifications.ts';
import type { NotificationKind } from '../../schema/rules/notifications.ts';
import { formatDateTime } from '../format.ts';
import { queryClient } from '../state/query.ts';
import { getPath, serverMessageOr, setNotificationPreference } from '../api.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { markRead, noticesKey } from '../state/notices.ts';
import './notifications.css';

/** Which kinds of notice the player hears of, one switch each. */
function NoticePreferences() {
  const preferences = useQuery<NotificationPreferencesDto>({ queryKey: PREFERENCES });
  const save = async (kind: NotificationKind, enabled: boolean) => {
    try {
      queryClient.setQueryData(PREFERENCES, await setNotificationPreference(kind, enabled));
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

const PREFERENCES = ['/api/notifications/preferences'];

/** The top bar's bell: how many notices are unread, and the newest of them in a panel. */
export function NotificationBell() {
  const userId = useSession((state) => state.account?.id);
  const { data } = useQuery<NotificationsDto | null>({
    queryKey: noticesKey(userId),
    queryFn: () => getPath<NotificationsDto>('/api/notifications', 'returnNull'),
  });
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;

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
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
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
        {unread > 0 && (
          <span className="notice-count" data-testid="notice-count">
            {unread > 99 ? '99+' : unread}
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
