import { isCameraCounted } from '@common/tier-words';
import { t } from '@lingui/core/macro';
import { Film, Loader2, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { ProofClipPlayer } from '@/components/ui/proof-clip';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { profileShareUrl, ShareMenu } from '@/components/ui/share-menu';
import { shareText, shareTitle } from '@/lib/challenge-share';
import { scoredOf } from '@/lib/score-figure';
import { useDeleteWorkout } from '../api/delete-workout';
import { EditWorkoutForm } from './edit-workout-form';
import { scoreLabel, scoreShort, scoringOf, unitWord } from '../utils/score';
import type { Workout } from '@common/schemas/workouts';
import type { ListedWorkout } from '../types';
import {
  formatClockTime,
  formatDateFull,
  formatDateMedium,
  formatDateShort,
} from '@/lib/format-date';

/**
 * A workout's details (count, notes, date, share, edit, delete), opened from a row of WorkoutList;
 * `editing` shows the edit form in its place (from Edit here, or the row's own Edit).
 * Close, the safe action, has the focus first (never the red Delete); closing gives the focus
 * back through `onCloseAutoFocus` (the dialog has no Radix trigger to return to), and the
 * delete confirmation gives it back to Delete when cancelled.
 */
/** Own sets with their notes can be edited, but not one a moderator hid (the server says 409). */
const canEdit = (w: ListedWorkout) => 'notes' in w && !w.hidden;

export default function WorkoutDetailDialog({
  workout,
  canDelete,
  shareUsername,
  editing = false,
  onEditingChange,
  onEdited,
  onClose,
  onDeleted,
  onCloseAutoFocus,
}: {
  workout: ListedWorkout | null;
  canDelete: boolean;
  editing?: boolean;
  onEditingChange?: (editing: boolean) => void;
  /** The set as the server answered an edit: the details show it at once. */
  onEdited?: (workout: Workout) => void;
  shareUsername?: string;
  onClose: () => void;
  onDeleted?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // The proof clip opens inline, under the count (a dialog over this one would trap the focus twice).
  const [watching, setWatching] = useState<number | null>(null);
  const scoring = scoringOf(workout?.challenge);
  const { score, capped } = workout ? scoredOf(workout) : { score: 0, capped: false };
  const label = scoreLabel(scoring, score, capped);
  const at = workout?.createdAt ?? 0;
  const date = formatDateMedium(at);
  const fullDate = formatDateFull(at);
  const time = formatClockTime(at);
  const edited = workout?.updatedAt;
  const editedDate = edited ? formatDateMedium(edited) : '';
  const editedTime = edited ? formatClockTime(edited) : '';
  const reason = workout?.hidden?.reason ?? '';
  const closeRef = useRef<HTMLButtonElement | null>(null);
  // Back from the edit form, the focus goes to Close (the form's fields have left the page).
  const focusClose = useRef(false);
  const leaveEditing = () => {
    focusClose.current = true;
    onEditingChange?.(false);
  };
  const closeButton = (el: HTMLButtonElement | null) => {
    closeRef.current = el;
    if (el && focusClose.current) {
      focusClose.current = false;
      el.focus();
    }
  };
  const deleteRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteWorkout({
    onSuccess: () => {
      setConfirming(false);
      onDeleted?.();
      onClose();
    },
  });

  return (
    <>
      <Dialog
        open={workout !== null}
        onOpenChange={(open) => {
          if (open) return;
          // Opened again, the set shows "Watch proof" again rather than a player already loading.
          setWatching(null);
          onClose();
        }}
      >
        {workout ? (
          <DialogContent
            aria-describedby="workout-detail-date"
            onOpenAutoFocus={(e) => {
              // Opened on the edit form, its first field has the focus already.
              if (!closeRef.current) return;
              e.preventDefault();
              closeRef.current.focus();
            }}
            onCloseAutoFocus={onCloseAutoFocus}
          >
            {editing && canEdit(workout) ? (
              <>
                <DialogHeader>
                  <DialogTitle>{t`Edit workout`}</DialogTitle>
                  <DialogDescription id="workout-detail-date">
                    {t`${label} on ${date} at ${time}`}
                  </DialogDescription>
                </DialogHeader>
                <EditWorkoutForm
                  workout={workout}
                  onSaved={(saved) => {
                    onEdited?.(saved);
                    leaveEditing();
                  }}
                  onCancel={leaveEditing}
                />
              </>
            ) : (
              <>
                <DialogHeader>
                  <DialogTitle>{t`Workout details`}</DialogTitle>
                  <DialogDescription id="workout-detail-date">
                    <time dateTime={workout.createdAt} title={formatDateShort(at)}>
                      {t`${fullDate} at ${time}`}
                    </time>
                    {workout.updatedAt ? (
                      <span className="block text-xs" data-testid="workout-edited">
                        {t`Edited ${editedDate} at ${editedTime}`}
                      </span>
                    ) : null}
                  </DialogDescription>
                </DialogHeader>
                <p className="text-center">
                  <span
                    className="block text-5xl font-extrabold text-primary"
                    data-testid="workout-detail-count"
                  >
                    {scoreShort(scoring, score, capped)}
                  </span>
                  <span className="text-sm font-medium text-muted-foreground">
                    {unitWord(scoring, score, capped)}
                  </span>
                  {isCameraCounted(workout) ? (
                    <span className="mt-1 flex items-center justify-center gap-1 text-sm font-semibold text-accent-foreground">
                      <VerifiedMark /> {t`Counted by the camera`}
                    </span>
                  ) : null}
                </p>
                {workout.hidden ? (
                  <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
                    {t`Hidden by a moderator: ${reason}`}
                    <span className="block font-normal text-muted-foreground">
                      {t`Only you see this set: it is on no board and not on your public profile.`}
                    </span>
                  </p>
                ) : null}
                {workout.hasClip && isCameraCounted(workout) ? (
                  watching === workout.id ? (
                    <ProofClipPlayer workoutId={workout.id} label={t`Proof clip of ${label}`} />
                  ) : (
                    <Button
                      type="button"
                      variant="outline"
                      className="justify-self-center"
                      onClick={() => setWatching(workout.id)}
                      data-testid="watch-proof"
                    >
                      <Film aria-hidden="true" />
                      {t`Watch proof`}
                    </Button>
                  )
                ) : null}
                {/* Notes are personal: only the owner's own list has them. */}
                {'notes' in workout ? (
                  <div className="grid gap-1">
                    <h3 className="text-sm font-semibold">{t`Notes`}</h3>
                    <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">
                      {workout.notes || t`No notes`}
                    </p>
                  </div>
                ) : null}
                {/* Close first: the first in the tab order and, in the footer's reversed column on a
                phone, at the bottom under the thumb, with Delete furthest away. */}
                <DialogFooter>
                  <DialogClose asChild>
                    <Button
                      ref={closeButton}
                      type="button"
                      variant="outline"
                      data-testid="workout-detail-close"
                    >
                      {t`Close`}
                    </Button>
                  </DialogClose>
                  {shareUsername ? (
                    <ShareMenu
                      url={profileShareUrl(shareUsername)}
                      text={shareText(workout.challenge, score, capped)}
                      title={shareTitle(workout.challenge)}
                    />
                  ) : null}
                  {canDelete && canEdit(workout) ? (
                    <Button type="button" variant="outline" onClick={() => onEditingChange?.(true)}>
                      <Pencil aria-hidden="true" />
                      {t`Edit`}
                    </Button>
                  ) : null}
                  {canDelete ? (
                    <Button
                      ref={deleteRef}
                      type="button"
                      variant="destructiveOutline"
                      onClick={() => setConfirming(true)}
                    >
                      <Trash2 aria-hidden="true" />
                      {t`Delete`}
                    </Button>
                  ) : null}
                </DialogFooter>
              </>
            )}
          </DialogContent>
        ) : null}
      </Dialog>
      <AlertDialog
        open={confirming && workout !== null}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
      >
        <AlertDialogContent
          onCloseAutoFocus={(e) => {
            // Cancelled: back to Delete. Deleted: the details close too and WorkoutList places it.
            e.preventDefault();
            if (deleteRef.current?.isConnected) deleteRef.current.focus();
          }}
        >
          <AlertDialogTitle>{t`Delete this workout?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {workout ? `${t`${label} on ${date}.`} ` : ''}
            {t`This cannot be undone.`}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t`Cancel`}</AlertDialogCancel>
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
                  {t`Deleting...`}
                </>
              ) : (
                t`Delete`
              )}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
