import { lazy, Suspense } from 'react';
import { paths } from '@/config/paths';
import { loadRestOfCatalogue } from '../i18n/load-catalogue';

// The bell loads after the page (with the query client, which `/` otherwise does without:
// docs/decisions/0061-js-budget-on-root.md), for signed-in members only, in the one query client
// the screens share, so the list's screen and the bell read the same cache.
const Bell = lazy(async () => {
  const [{ QueryClientProvider }, { queryClient }, { NotificationBell }] = await Promise.all([
    import('@tanstack/react-query'),
    import('../query-provider'),
    import('@/features/notifications/components/notification-bell'),
    // The bell's words (features/notifications) are not among `/`'s (app/i18n/load-catalogue.ts).
    loadRestOfCatalogue(),
  ]);
  return {
    default: ({ userId }: { userId: number }) => (
      <QueryClientProvider client={queryClient}>
        <NotificationBell userId={userId} href={paths.notifications.getHref()} />
      </QueryClientProvider>
    ),
  };
});

export function HeaderBell({ userId }: { userId: number }) {
  return (
    <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
      <Bell userId={userId} />
    </Suspense>
  );
}
