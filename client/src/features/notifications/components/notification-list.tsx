import { t } from '@lingui/core/macro';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { notificationWords } from '../utils/notification-words';
import { timeAgo } from '../utils/time-ago';

/** My notifications, newest first: unread ones marked; a tap marks one read; Mark all read. */
export function NotificationList() {
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead({
    onError: (e) => toast({ title: t`Could not mark them read`, description: e.message }),
  });
  if (query.isError)
    return (
      <LoadError onRetry={() => void query.refetch()}>
        {t`Could not load your notifications.`} {query.error.message}
      </LoadError>
    );
  if (query.isPending)
    return (
      <div className="grid gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  const items = query.data.pages.flatMap((p) => p.items);
  const anyUnread = items.some((n) => n.readAt === null);
  return (
    <div className="grid gap-3">
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="sm"
          disabled={!anyUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t`Mark all read`}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {t`No notifications yet. Follow members to hear when they beat your best.`}
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="notification-list">
          {items.map((n) => {
            const unread = n.readAt === null;
            const words = notificationWords(n);
            return (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => unread && markRead.mutate([n.id])}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-lg border border-border bg-card p-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    unread && 'border-primary/40 bg-accent/40',
                  )}
                  aria-label={unread ? t`${words}, unread: mark read` : words}
                >
                  {n.actor ? (
                    <UserAvatar
                      src={n.actor.profilePicture}
                      name={n.actor.username}
                      className="size-9"
                    />
                  ) : (
                    <span className="size-9 shrink-0 rounded-full bg-muted" aria-hidden="true" />
                  )}
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className={cn('text-sm', unread && 'font-semibold')}>{words}</span>
                    <span className="text-xs text-muted-foreground">
                      {timeAgo(new Date(n.createdAt))}
                    </span>
                  </span>
                  {unread ? (
                    <span
                      className="size-2.5 shrink-0 rounded-full bg-primary"
                      aria-hidden="true"
                    />
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t`Show more`}
        </Button>
      ) : null}
    </div>
  );
}
