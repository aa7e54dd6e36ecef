import { plural, t } from '@lingui/core/macro';
import { EyeOff } from 'lucide-react';
import type { ReportedComment } from '@common/schemas/feed';
import { REPORT_REASON_LABELS, type ReportReason } from '@common/schemas/moderation';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { sayShared } from '@/lib/i18n';
import { useModerateComment, useReportedComments } from '../api/reported-comments';
import { formatDateTime } from '@/lib/format-date';
import { ActionDialog } from './action-dialog';

function ReportedCommentCard({ comment }: { comment: ReportedComment }) {
  const moderate = useModerateComment(comment.id);
  const reasons = comment.reasons
    .map((r) => sayShared(REPORT_REASON_LABELS[r as ReportReason] ?? r))
    .join(', ');
  const workoutId = comment.workoutId;
  const reports = comment.reports;
  return (
    <Card className="grid gap-2 p-4" data-testid="reported-comment">
      <p className="break-words">
        <span className="font-semibold">{comment.author}</span> {comment.body}
      </p>
      <p className="text-sm text-muted-foreground">
        {t`On workout #${workoutId}`} ·{' '}
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
      </p>
      <p className="text-sm">
        {plural(reports, { one: `# report: ${reasons}`, other: `# reports: ${reasons}` })}
      </p>
      <div>
        <ActionDialog
          label={t`Hide comment`}
          icon={<EyeOff aria-hidden="true" />}
          title={t`Hide this comment?`}
          description={t`It leaves every screen. The audit log keeps its text and your reason; its reports close.`}
          confirmLabel={t`Hide comment`}
          pendingLabel={t`Hiding`}
          doneTitle={t`Comment hidden`}
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
        {t`Could not load the reported comments.`} {list.error.message}
      </LoadError>
    );
  if (list.data.comments.length === 0)
    return (
      <p className="py-10 text-center text-muted-foreground" data-testid="comments-empty">
        {t`No reported comments`}
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
