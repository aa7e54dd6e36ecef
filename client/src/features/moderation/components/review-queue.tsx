import { formatDistanceStrict } from 'date-fns';
import { Check, X } from 'lucide-react';
import type { AwaitingReview } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TierBadge, TierLegend } from '@/components/ui/tier-badge';
import { formatMediumWithTime } from '@/lib/medium-date';
import { useAwaitingReview } from '../api/get-awaiting-review';
import { useTakeAction } from '../api/take-action';
import { ActionDialog } from './action-dialog';
import { workoutScore } from './case-card';

type Waiting = AwaitingReview['workouts'][number];

const BOARD_NAMES: Record<string, string> = {
  all_time: 'all time',
  month: 'this month',
  week: 'this week',
  today: 'today',
};

/** "3 hours": how long a set has waited, from the server's count of seconds. */
export const waitedText = (seconds: number) =>
  formatDistanceStrict(0, seconds * 1000, { roundingMethod: 'floor' });

function WaitingSet({ w }: { w: Waiting }) {
  const act = useTakeAction();
  const target = { kind: 'workout' as const, workoutId: w.id };
  const title = `${w.username}'s ${workoutScore(w)}`;
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
      data-testid="review-item"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm font-semibold tabular-nums" data-testid="waited">
          Waiting {waitedText(w.waitedSeconds)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <TierBadge tier={w.tier} />
        <span>
          Top three of the Verified board: {w.boards.map((b) => BOARD_NAMES[b] ?? b).join(', ')}
        </span>
        <span>Recounted {formatMediumWithTime(w.waitingSince)}</span>
      </div>
      {w.hasClip ? (
        <video
          controls
          muted
          playsInline
          preload="metadata"
          src={`/api/workouts/${w.id}/clip`}
          aria-label={`Proof clip of ${title}`}
          className="aspect-[4/3] w-full max-w-80 rounded-lg bg-black"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ActionDialog
          label="Review: agree"
          variant="default"
          icon={<Check aria-hidden="true" />}
          title="Agree with the count?"
          description={`You watched the proof clip of ${title} and it shows the same reps: the set becomes Reviewed.`}
          confirmLabel="Mark reviewed"
          pendingLabel="Marking reviewed"
          doneTitle="Set reviewed"
          onConfirm={(reason) => act.mutateAsync({ action: 'review-clip', target, reason })}
        />
        <ActionDialog
          label="Refuse clip"
          variant="destructive"
          icon={<X aria-hidden="true" />}
          title="Refuse this proof clip?"
          description={`${title} goes back to Camera-counted and leaves the Verified boards. Its member reads your reason.`}
          confirmLabel="Refuse clip"
          pendingLabel="Refusing clip"
          doneTitle="Clip refused"
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
        <span className="sr-only">Loading the sets awaiting review</span>
        <Skeleton className="h-32" />
      </div>
    );
  if (queue.isError)
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>Could not load the sets awaiting review. {queue.error.message}</p>
        <Button variant="outline" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Recounted sets in the top three of a Verified board, the longest waiting first.
        </p>
        <TierLegend className="min-h-8 text-xs" />
      </div>
      {queue.data.workouts.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground" data-testid="review-empty">
          Nothing awaits review
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Sets awaiting review">
          {queue.data.workouts.map((w) => (
            <WaitingSet key={w.id} w={w} />
          ))}
        </ol>
      )}
    </div>
  );
}
