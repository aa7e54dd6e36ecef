import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { MissingPanel } from '@/components/ui/missing-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSetPage } from '../api/get-set-page';
import { setHeadline } from '../utils/set-words';
import { CommentForm, type ReportCommentButton } from './comments';
import { KudosButton } from './kudos-button';
import { PagedComments } from './paged-comments';
import { SetSummary } from './set-card';

/** A set's own page: the set, its kudos and its comments a page at a time, with the form to add one. */
export function SetView({
  id,
  reportButton,
  paceChart,
}: {
  id: number;
  reportButton?: ReportCommentButton;
  /** The run's pace, drawn by the route (the payoff feature's chart); only for a set that kept one. */
  paceChart?: (pace: readonly number[], mine: boolean) => ReactNode;
}) {
  const page = useSetPage(id);
  const data = page.data;
  useDocumentTitle(
    data
      ? `${data.member.username}: ${setHeadline(data).title} ${setHeadline(data).figure}`
      : t`Set`,
  );
  if (page.isPending) return <Skeleton className="h-64" aria-label={t`Loading the set`} />;
  if (page.isError)
    return page.error instanceof ApiError && page.error.status === 404 ? (
      <MissingPanel
        title={t`There is no such set`}
        backHref={paths.feed.getHref()}
        backLabel={t`Back to your feed`}
      >
        {t`It was deleted, or its member keeps their sets to themselves.`}
      </MissingPanel>
    ) : (
      <LoadError onRetry={() => void page.refetch()}>
        {t`Could not load the set.`} {page.error.message}
      </LoadError>
    );
  return (
    <Card className="grid gap-4 p-4" data-testid="set-page">
      <SetSummary item={page.data} headingLevel="h1" />
      {page.data.pace && paceChart ? paceChart(page.data.pace, page.data.mine) : null}
      <div>
        <KudosButton
          workoutId={id}
          kudos={page.data.kudos}
          own={page.data.mine}
          owner={page.data.member.username}
        />
      </div>
      <section
        aria-labelledby="comments-heading"
        className="grid gap-3 border-t border-border pt-3"
      >
        <h2 id="comments-heading" className="font-semibold">
          {t`Comments`}
        </h2>
        <PagedComments
          workoutId={id}
          first={{ comments: page.data.comments, nextCursor: page.data.commentsNext }}
          reportButton={reportButton}
        />
        <CommentForm workoutId={id} />
      </section>
    </Card>
  );
}
