import { t } from '@lingui/core/macro';
import { Rss } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Feed } from '@common/schemas/feed';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useFeed } from '../api/get-feed';
import { suggestionWhy } from '../utils/set-words';
import { LinkedText } from './linked-text';
import type { ReportCommentButton } from './comments';
import { SetCard } from './set-card';

type Suggestion = Feed['suggestions'][number];

/** The empty feed: how to follow someone, and members to follow. */
export function EmptyFeed({
  suggestions,
  followButton,
}: {
  suggestions: Suggestion[];
  followButton: (username: string) => ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-5" data-testid="empty-feed">
      <div className="grid justify-items-center gap-2 text-center">
        <Rss aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t`Your feed is empty`}</h2>
        <p className="text-sm text-muted-foreground">
          <LinkedText
            text={t`Follow members from their profile (tap a name on the <0>rankings</0>) or join a <1>club</1>: their sets show here.`}
            links={[
              (words) => (
                <Link
                  href={paths.leaderboard.getHref()}
                  className="font-medium text-foreground underline"
                >
                  {words}
                </Link>
              ),
              (words) => (
                <Link
                  href={paths.clubs.getHref()}
                  className="font-medium text-foreground underline"
                >
                  {words}
                </Link>
              ),
            ]}
          />
        </p>
      </div>
      {suggestions.length > 0 ? (
        <section aria-labelledby="suggested-heading" className="grid gap-2">
          <h3 id="suggested-heading" className="text-sm font-semibold">
            {t`Suggested members`}
          </h3>
          <ul className="grid gap-2">
            {suggestions.map((s) => (
              <li key={s.username} className="flex items-center gap-3" data-testid="suggestion">
                <UserAvatar src={s.profilePicture} name={s.fullName ?? s.username} />
                <div className="min-w-0 flex-1">
                  <Link
                    href={paths.publicProfile.getHref(s.username)}
                    className="block truncate font-semibold hover:underline"
                  >
                    {s.fullName ?? s.username}
                  </Link>
                  <p className="truncate text-xs text-muted-foreground">{suggestionWhy(s)}</p>
                </div>
                {followButton(s.username)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

/** The feed, newest first, a page at a time. */
export function FeedList({
  followButton,
  reportButton,
}: {
  followButton: (username: string) => ReactNode;
  reportButton?: ReportCommentButton;
}) {
  const feed = useFeed();
  if (feed.isPending)
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={t`Loading the feed`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  if (feed.isError)
    return (
      <LoadError onRetry={() => void feed.refetch()}>
        {t`Could not load your feed.`} {feed.error.message}
      </LoadError>
    );
  const items = feed.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <EmptyFeed suggestions={feed.data.pages[0]?.suggestions ?? []} followButton={followButton} />
    );
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={t`Sets`}>
        {items.map((item) => (
          <li key={item.id}>
            <SetCard item={item} reportButton={reportButton} />
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? t`Loading…` : t`Show more`}
        </Button>
      ) : (
        <p className="py-2 text-center text-sm text-muted-foreground">
          {t`You are all caught up.`}
        </p>
      )}
    </div>
  );
}
