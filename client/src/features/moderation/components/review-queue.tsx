import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Check, X } from 'lucide-react';
import type { AwaitingReview } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TierBadge, TierLegend } from '@/components/ui/tier-badge';
import { i18n } from '@/lib/i18n';
import { useAwaitingReview } from '../api/get-awaiting-review';
import { useTakeAction } from '../api/take-action';
import { formatDateTime } from '@/lib/format-date';
import { waitedText } from '../utils/moments';
import { ActionDialog } from './action-dialog';
import { workoutScore } from './case-card';

type Waiting = AwaitingReview['workouts'][number];

const BOARD_NAMES: Record<string, MessageDescriptor> = {
  all_time: msg`all time`,
  month: msg`this month`,
  week: msg`this week`,
  today: msg`today`,
};
const boardName = (b: string) => (BOARD_NAMES[b] ? i18n._(BOARD_NAMES[b]) : b);

function WaitingSet({ w }: { w: Waiting }) {
  const act = useTakeAction();
  const target = { kind: 'workout' as const, workoutId: w.id };
  const username = w.username;
  const score = workoutScore(w);
  const title = t`${username}'s ${score}`;
  const waited = waitedText(w.waitedSeconds);
  const boards = w.boards.map(boardName).join(', ');
  const since = formatDateTime(w.waitingSince);
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
      data-testid="review-item"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm font-semibold tabular-nums" data-testid="waited">
          {t`Waiting ${waited}`}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <TierBadge tier={w.tier} />
        <span>{t`Top three of the Verified board: ${boards}`}</span>
        <span>{t`Recounted ${since}`}</span>
      </div>
      {w.hasClip ? (
        <video
          controls
          muted
          playsInline
          preload="metadata"
          src={`/api/workouts/${w.id}/clip`}
          aria-label={t`Proof clip of ${title}`}
          className="aspect-[4/3] w-full max-w-80 rounded-lg bg-black"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ActionDialog
          label={t`Review: agree`}
          variant="default"
          icon={<Check aria-hidden="true" />}
          title={t`Agree with the count?`}
          description={t`You watched the proof clip of ${title} and it shows the same reps: the set becomes Reviewed.`}
          confirmLabel={t`Mark reviewed`}
          pendingLabel={t`Marking reviewed`}
          doneTitle={t`Set reviewed`}
          onConfirm={(reason) => act.mutateAsync({ action: 'review-clip', target, reason })}
        />
        <ActionDialog
          label={t`Refuse clip`}
          variant="destructive"
          icon={<X aria-hidden="true" />}
          title={t`Refuse this proof clip?`}
          description={t`${title} goes back to Camera-counted and leaves the Verified boards. Its member reads your reason.`}
          confirmLabel={t`Refuse clip`}
          pendingLabel={t`Refusing clip`}
          doneTitle={t`Clip refused`}
          onConfirm={(reason) => act.mutateAsync({ action: 'refuse-clip', target, reason })}
        />
      </div>
    </li>
  );
}

/** The moderators' main queue: sets awaiting review, the longest waiting first. */
export function ReviewQueue() {
  const queue = useAwaitingReview();
  if (queue.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t`Loading the sets awaiting review`}</span>
        <Skeleton className="h-32" />
      </div>
    );
  if (queue.isError)
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>
          {t`Could not load the sets awaiting review.`} {queue.error.message}
        </p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t`Recounted sets in the top three of a Verified board, the longest waiting first.`}
        </p>
        <TierLegend className="min-h-8 text-xs" />
      </div>
      {queue.data.workouts.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground" data-testid="review-empty">
          {t`Nothing awaits review`}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label={t`Sets awaiting review`}>
          {queue.data.workouts.map((w) => (
            <WaitingSet key={w.id} w={w} />
          ))}
        </ol>
      )}
    </div>
  );
}
