import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { ModerationCase } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useModerationQueue } from '../api/get-queue';
import { AuditLog } from './audit-log';
import { CaseCard } from './case-card';
import { ReportedComments } from './reported-comments';
import { ReviewQueue } from './review-queue';

function Queue() {
  const queue = useModerationQueue();
  if (queue.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t`Loading reports`}</span>
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  // A next page that failed keeps the pages read so far on screen, with its message by Load more.
  const nextPageFailed = queue.isFetchNextPageError ? queue.error.message : null;
  if (queue.isError && !nextPageFailed)
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>
          {t`Could not load the reports.`} {queue.error.message}
        </p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  return (
    <QueueView
      cases={queue.data?.pages.flatMap((p) => p.cases) ?? []}
      more={
        queue.hasNextPage
          ? {
              loading: queue.isFetchingNextPage,
              failed: nextPageFailed,
              load: () => void queue.fetchNextPage(),
            }
          : undefined
      }
    />
  );
}

const caseKey = (c: ModerationCase) =>
  c.target.kind === 'workout' ? `w${c.target.workoutId}` : `m${c.member.username}`;

/**
 * The open cases, the most pressing first (docs/decisions/0207-moderation-queue-and-moderators.md),
 * with "Load more" while the server has more; or the word that there are none.
 */
export function QueueView({
  cases,
  more,
}: {
  cases: ModerationCase[];
  more?: { loading: boolean; failed: string | null; load: () => void };
}) {
  if (cases.length === 0 && !more)
    return (
      <p className="py-10 text-center text-muted-foreground" data-testid="queue-empty">
        {t`No open reports`}
        <span className="block text-sm">
          {t`Reports that members send show here, the most pressing first.`}
        </span>
      </p>
    );
  // A case whose rank changed between two pages comes twice: shown once.
  const seen = new Set<string>();
  const shown = cases.filter((c) => !seen.has(caseKey(c)) && Boolean(seen.add(caseKey(c))));
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {shown.map((c) => (
          <CaseCard key={caseKey(c)} data={c} />
        ))}
      </div>
      {more ? (
        <div className="grid justify-items-center gap-2">
          {more.failed ? (
            <p role="alert" className="text-sm text-destructive">
              {t`Could not load more reports.`} {more.failed}
            </p>
          ) : null}
          <Button variant="outline" disabled={more.loading} onClick={more.load}>
            {more.loading ? t`Loading more reports` : t`Load more reports`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The moderators' screen: the sets awaiting review, the open reports by target, reported comments
 * and the audit log.
 */
export function ModerationScreen() {
  // Awaiting review is the main queue (docs/decisions/0244-tiers-shown-and-reviewed.md).
  const [tab, setTab] = useState('review');
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight">{t`Moderation`}</h1>
      <Tabs value={tab} onValueChange={setTab}>
        {/* Four sections: on a phone they wrap to a second row. */}
        <TabsList aria-label={t`Moderation sections`} className="flex-wrap">
          <TabsTrigger value="review">{t`Awaiting review`}</TabsTrigger>
          <TabsTrigger value="reports">{t`Open reports`}</TabsTrigger>
          <TabsTrigger value="comments">{t`Comments`}</TabsTrigger>
          <TabsTrigger value="log">{t`Audit log`}</TabsTrigger>
        </TabsList>
        <TabsContent value="review">
          <ReviewQueue />
        </TabsContent>
        <TabsContent value="reports">
          <Queue />
        </TabsContent>
        <TabsContent value="comments">
          <ReportedComments />
        </TabsContent>
        <TabsContent value="log">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}
