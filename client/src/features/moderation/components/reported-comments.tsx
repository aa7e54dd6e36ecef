import { EyeOff } from 'lucide-react';
import type { ReportedComment } from '@common/schemas/feed';
import { REPORT_REASON_LABELS, type ReportReason } from '@common/schemas/moderation';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMediumWithTime } from '@/lib/medium-date';
import { useModerateComment, useReportedComments } from '../api/reported-comments';
import { ActionDialog } from './action-dialog';

function ReportedCommentCard({ comment }: { comment: ReportedComment }) {
  const moderate = useModerateComment(comment.id);
  const reasons = comment.reasons
    .map((r) => REPORT_REASON_LABELS[r as ReportReason] ?? r)
    .join(', ');
  return (
    <Card className="grid gap-2 p-4" data-testid="reported-comment">
      <p className="break-words">
        <span className="font-semibold">{comment.author}</span> {comment.body}
      </p>
      <p className="text-sm text-muted-foreground">
        On workout #{comment.workoutId} ·{' '}
        <time dateTime={comment.createdAt}>{formatMediumWithTime(comment.createdAt)}</time>
      </p>
      <p className="text-sm">
        {comment.reports === 1 ? '1 report' : `${comment.reports} reports`}: {reasons}
      </p>
      <div>
        <ActionDialog
          label="Hide comment"
          icon={<EyeOff aria-hidden="true" />}
          title="Hide this comment?"
          description={`It leaves every screen. The audit log keeps its text and your reason; its reports close.`}
          confirmLabel="Hide comment"
          pendingLabel="Hiding"
          doneTitle="Comment hidden"
          onConfirm={(reason) => moderate.mutateAsync({ action: 'hide', reason })}
        />
      </div>
    </Card>
  );
}

/** Comments members reported (docs/decisions/0250-moderating-comments.md). */
export function ReportedComments() {
  const list = useReportedComments();
  if (list.isPending) return <Skeleton className="h-32" />;
  if (list.isError)
    return (
      <LoadError onRetry={() => void list.refetch()}>
        Could not load the reported comments. {list.error.message}
      </LoadError>
    );
  if (list.data.comments.length === 0)
    return (
      <p className="py-10 text-center text-muted-foreground" data-testid="comments-empty">
        No reported comments
      </p>
    );
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      {list.data.comments.map((c) => (
        <ReportedCommentCard key={c.id} comment={c} />
      ))}
    </div>
  );
}
