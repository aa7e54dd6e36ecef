import { t } from '@lingui/core/macro';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCommentPages, type CommentPage } from '../api/get-comments';
import { CommentList, type ReportCommentButton } from './comments';

/**
 * A set's comments oldest first, a page at a time: Show more reads the next page
 * (docs/decisions/0275-comment-pages.md). `first`: the first page, when the set's page brought it.
 */
export function PagedComments({
  workoutId,
  first,
  reportButton,
}: {
  workoutId: number;
  first?: CommentPage;
  reportButton?: ReportCommentButton;
}) {
  const pages = useCommentPages(workoutId, first);
  if (pages.isPending) return <Skeleton className="h-10" aria-label={t`Loading the comments`} />;
  if (pages.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t`Could not load the comments.`} {pages.error.message}
      </p>
    );
  const comments = pages.data.pages.flatMap((p) => p.comments);
  return (
    <div className="grid gap-3">
      <CommentList comments={comments} reportButton={reportButton} />
      {pages.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? t`Loading more comments` : t`Show more comments`}
        </Button>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {t`Could not load more comments. Please try again.`}
        </p>
      ) : null}
    </div>
  );
}
