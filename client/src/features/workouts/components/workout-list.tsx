import { ChevronRight, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PublicWorkout } from '@common/schemas/workouts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  profileShareUrl,
  pushupShareText,
  SHARE_TITLE,
  ShareMenu,
} from '@/components/ui/share-menu';
import { formatFull, formatMedium, formatShort, formatTime } from '@/lib/dates';
import { useDeleteWorkout } from '../api/delete-workout';

/** An own workout carries its notes; another member's (from a public response) has none. */
export type ListedWorkout = PublicWorkout & { notes?: string | null };

export interface WorkoutListProps {
  workouts: ListedWorkout[];
  /** Show Delete in the detail dialog (own workouts only). */
  canDelete?: boolean;
  /** Whose public profile the share control links to; no share control without it. */
  shareUsername?: string;
  emptyText?: string;
}

const pushupsLabel = (n: number) => `${n} push-up${n === 1 ? '' : 's'}`;

/** A list of workouts; a row opens its details (count, notes, date, share, delete). */
export function WorkoutList({
  workouts,
  canDelete = false,
  shareUsername,
  emptyText = 'No workouts yet.',
}: WorkoutListProps) {
  const [selected, setSelected] = useState<ListedWorkout | null>(null);

  if (workouts.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <>
      <ul
        className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
        data-testid="workout-list"
      >
        {workouts.map((w) => (
          <li key={w.id}>
            <button
              type="button"
              onClick={() => setSelected(w)}
              className="flex min-h-14 w-full cursor-pointer items-center gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              data-testid="workout-row"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-base font-bold text-emerald-900"
              >
                {w.pushups}
              </span>
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="flex items-center gap-1 font-semibold">
                    {pushupsLabel(w.pushups)}
                    {w.verified ? <VerifiedMark /> : null}
                  </span>
                  <time dateTime={w.createdAt} className="text-sm text-muted-foreground">
                    {formatMedium(w.createdAt)}
                  </time>
                </span>
                {w.notes ? (
                  <span className="truncate text-sm text-muted-foreground">{w.notes}</span>
                ) : null}
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </button>
          </li>
        ))}
      </ul>
      <WorkoutDetailDialog
        workout={selected}
        canDelete={canDelete}
        shareUsername={shareUsername}
        onClose={() => setSelected(null)}
      />
    </>
  );
}

function WorkoutDetailDialog({
  workout,
  canDelete,
  shareUsername,
  onClose,
}: {
  workout: ListedWorkout | null;
  canDelete: boolean;
  shareUsername?: string;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWorkout({
    onSuccess: () => {
      setConfirming(false);
      onClose();
    },
  });

  return (
    <>
      <Dialog open={workout !== null} onOpenChange={(open) => !open && onClose()}>
        {workout ? (
          <DialogContent aria-describedby="workout-detail-date">
            <DialogHeader>
              <DialogTitle>Workout details</DialogTitle>
              <DialogDescription id="workout-detail-date">
                <time dateTime={workout.createdAt} title={formatShort(workout.createdAt)}>
                  {formatFull(workout.createdAt)} at {formatTime(workout.createdAt)}
                </time>
              </DialogDescription>
            </DialogHeader>
            <p className="text-center">
              <span
                className="block text-5xl font-extrabold text-primary"
                data-testid="workout-detail-count"
              >
                {workout.pushups}
              </span>
              <span className="text-sm font-medium text-muted-foreground">
                push-up{workout.pushups === 1 ? '' : 's'}
              </span>
              {workout.verified ? (
                <span className="mt-1 flex items-center justify-center gap-1 text-sm font-semibold text-emerald-900">
                  <VerifiedMark /> Counted by the camera
                </span>
              ) : null}
            </p>
            {/* Notes are personal: only the owner's own list has them. */}
            {'notes' in workout ? (
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">Notes</h3>
                <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">
                  {workout.notes || 'No notes'}
                </p>
              </div>
            ) : null}
            <DialogFooter>
              {canDelete ? (
                <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              ) : null}
              {shareUsername ? (
                <ShareMenu
                  url={profileShareUrl(shareUsername)}
                  text={pushupShareText(workout.pushups)}
                  title={SHARE_TITLE}
                />
              ) : null}
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
      <AlertDialog
        open={confirming && workout !== null}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
      >
        <AlertDialogContent>
          <AlertDialogTitle>Delete this workout?</AlertDialogTitle>
          <AlertDialogDescription>
            {workout
              ? `${pushupsLabel(workout.pushups)} on ${formatMedium(workout.createdAt)}. `
              : ''}
            This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            {/* Not an AlertDialogAction: that would close the dialog before the request ends. */}
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => workout && remove.mutate(workout.id)}
            >
              {remove.isPending ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  Deleting...
                </>
              ) : (
                'Delete'
              )}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
