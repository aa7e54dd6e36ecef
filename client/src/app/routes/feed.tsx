import { FeedList } from '@/features/feed/components/feed-list';
import { ReportButton } from '@/features/reports/components/report-button';
import { FollowButton } from '@/features/users/components/follow-button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

/** /feed: the sets of the members I follow and of my clubs (docs/decisions/0249-the-feed.md). */
export default function FeedRoute() {
  useDocumentTitle(t`Feed`);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <h1 className="text-2xl font-bold">{t`Feed`}</h1>
      <FeedList
        followButton={(username) => <FollowButton username={username} following={false} />}
        reportButton={(c) => (
          <ReportButton
            target={{ kind: 'comment', commentId: c.id }}
            username={c.author.username}
            compact
          />
        )}
      />
    </div>
  );
}
