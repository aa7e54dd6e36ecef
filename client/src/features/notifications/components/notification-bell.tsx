import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { badgeText, unreadLabel } from '../utils/notification-words';

/**
 * The header's bell: the unread count, kept live by the stream while the app is open; a link to
 * the list (`href`, from the app's paths).
 */
export function NotificationBell({ userId, href }: { userId: number; href: string }) {
  const { data } = useUnreadCount(true);
  useNotificationStream(userId);
  const unread = data?.unread ?? 0;
  return (
    <Link
      href={href}
      className="relative flex size-10 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={unreadLabel(unread)}
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-bold leading-5 text-primary-foreground"
          data-testid="notification-count"
          aria-hidden="true"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
