import { t } from '@lingui/core/macro';
import { ChevronRight, Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { Workout } from '@common/schemas/workouts';
import type { ListedWorkout } from '../types';
import { TierBadge, TierLegend } from '@/components/ui/tier-badge';
import { deferredModule } from '@/lib/deferred-module';
import { scoredOf } from '@/lib/score-figure';
import { cn } from '@/lib/utils';
import { scoreLabel, scoreShort, scoringOf } from '../utils/score';
import { formatDateTime } from '@/lib/format-date';

/** An own workout carries its notes; another member's (from a public response) has none. */

export interface WorkoutListProps {
  workouts: ListedWorkout[];
  /** Show Delete in the detail dialog (own workouts only). */
  canDelete?: boolean;
  /** Whose public profile the share control links to; no share control without it. */
  shareUsername?: string;
  emptyText?: string;
  /** A control after each row, given by the route (a link to the set's page on a profile). */
  rowAction?: (workout: ListedWorkout) => ReactNode;
}

type DetailDialog = ComponentType<{
  workout: ListedWorkout | null;
  canDelete: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onEdited: (workout: Workout) => void;
  shareUsername?: string;
  onClose: () => void;
  onDeleted: () => void;
  onCloseAutoFocus: (event: Event) => void;
}>;

// The details dialog (Radix dialogs, the share menu, delete) is most of this list's code and
// shows only after a tap, so it loads when a row is pointed at, focused or chosen, not before
// the page can paint (docs/decisions/0068-lighthouse-leaderboard-and-profile.md). Loaded into
// state rather than with React.lazy, as app/app.tsx does for the toaster.
const detailDialog = deferredModule<DetailDialog>(() =>
  import('./workout-detail-dialog').then((m) => m.default),
);

/**
 * A list of workouts, each in its challenge's unit ("35 push-ups", "3:25 held", "CAP + 312 reps"); a row opens its
 * details (score, notes, date, share, delete).
 */
/** Own sets (listed with their notes) can be edited, but not one a moderator hid. */
const canEditIn = (canDelete: boolean) => (w: ListedWorkout) =>
  canDelete && 'notes' in w && !w.hidden;

export function WorkoutList({
  workouts,
  canDelete = false,
  shareUsername,
  emptyText,
  rowAction,
}: WorkoutListProps) {
  const [selected, setSelected] = useState<ListedWorkout | null>(null);
  const [editing, setEditing] = useState(false);
  const canEdit = canEditIn(canDelete);
  const [Detail, setDetail] = useState<DetailDialog | null>(null);
  // Focus goes back to the row that opened the details; after a delete, once the row has left
  // the list, to the row now in its place (or the list's empty text), never to the page's body.
  const opener = useRef<HTMLButtonElement | null>(null);
  const selectedIndex = useRef(0);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const deleted = useRef<{ id: number; index: number } | null>(null);
  useEffect(() => {
    const gone = deleted.current;
    if (!gone || workouts.some((w) => w.id === gone.id)) return;
    deleted.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLButtonElement>(
      '[data-testid="workout-row"]',
    );
    const next = rows?.length ? rows[Math.min(gone.index, rows.length - 1)] : emptyRef.current;
    next?.focus();
  }, [workouts]);
  const loadDetail = () => {
    if (Detail) return;
    detailDialog.load().then(
      (d) => setDetail(() => d),
      () => undefined,
    );
  };

  if (workouts.length === 0) {
    return (
      <p
        ref={emptyRef}
        tabIndex={-1}
        className="py-6 text-center text-sm text-muted-foreground focus:outline-none"
      >
        {emptyText ?? t`No workouts yet.`}
      </p>
    );
  }
  return (
    <>
      <ul
        className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
        ref={listRef}
        data-testid="workout-list"
        onPointerOver={loadDetail}
        onFocus={loadDetail}
      >
        {workouts.map((w, index) => {
          const scoring = scoringOf(w.challenge);
          const { score, capped } = scoredOf(w);
          // A capped run's badge says so; its reps are in the label beside it.
          const short = capped ? t`CAP` : scoreShort(scoring, score);
          const label = scoreLabel(scoring, score, capped);
          const when = formatDateTime(w.createdAt);
          const reason = w.hidden?.reason ?? '';
          return (
            <li key={w.id} className="flex items-stretch">
              <button
                type="button"
                onClick={(e) => {
                  loadDetail();
                  opener.current = e.currentTarget;
                  setEditing(false);
                  setSelected(w);
                  deleted.current = null;
                  selectedIndex.current = index;
                }}
                className="flex min-h-14 min-w-0 flex-1 cursor-pointer items-center gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                data-testid="workout-row"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-11 shrink-0 items-center justify-center rounded-full bg-accent font-bold tabular-nums text-accent-foreground',
                    // "3:25" and "1:02:05" fit the badge as "35" does.
                    short.length > 5
                      ? 'text-[0.625rem]'
                      : short.length > 3
                        ? 'text-xs'
                        : 'text-base',
                  )}
                >
                  {short}
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 font-semibold">
                      <span className="whitespace-nowrap">{label}</span>
                      <TierBadge tier={w.tier} />
                    </span>
                    <time dateTime={w.createdAt} className="text-sm text-muted-foreground">
                      {when}
                    </time>
                  </span>
                  {w.hidden ? (
                    // The words of hiddenLabel in common/schemas/moderation.ts, kept here without
                    // zod so a profile's list loads none (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
                    <span
                      className="break-words text-sm font-medium text-destructive"
                      data-testid="hidden-mark"
                    >
                      {t`Hidden by a moderator: ${reason}`}
                    </span>
                  ) : null}
                  {w.tierNote ? (
                    // Where the set stands on its way up the tiers, in words (its owner only).
                    <span
                      className={cn(
                        'break-words text-sm',
                        w.tierNote.kind === 'refused' || w.tierNote.kind === 'not-recounted'
                          ? 'text-destructive'
                          : 'text-muted-foreground',
                      )}
                      data-testid="tier-note"
                      data-kind={w.tierNote.kind}
                    >
                      {w.tierNote.text}
                    </span>
                  ) : null}
                  {w.notes ? (
                    <span className="truncate text-sm text-muted-foreground">{w.notes}</span>
                  ) : null}
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground"
                />
              </button>
              {canEdit(w) ? (
                <button
                  type="button"
                  aria-label={t`Edit ${label}, ${when}`}
                  title={t`Edit`}
                  onClick={(e) => {
                    loadDetail();
                    opener.current = e.currentTarget;
                    setEditing(true);
                    setSelected(w);
                    deleted.current = null;
                    selectedIndex.current = index;
                  }}
                  className="flex min-h-14 w-12 shrink-0 cursor-pointer items-center justify-center border-l border-border text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                  data-testid="workout-row-edit"
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {rowAction?.(w)}
            </li>
          );
        })}
      </ul>
      <div className="-mt-1 flex justify-end">
        <TierLegend className="min-h-8 text-xs" />
      </div>
      {Detail ? (
        <Detail
          workout={selected}
          canDelete={canDelete}
          shareUsername={shareUsername}
          editing={editing}
          onEditingChange={setEditing}
          onEdited={(saved) =>
            // A changed score has no proof clip any more; the answer says so by its mark.
            // `capped` too: an answer without it is no longer capped.
            setSelected((s) =>
              s && s.id === saved.id
                ? {
                    ...s,
                    ...saved,
                    capped: scoredOf(saved).capped || undefined,
                    hasClip: saved.verified ? s.hasClip : undefined,
                  }
                : s,
            )
          }
          onClose={() => setSelected(null)}
          onDeleted={() => {
            if (selected) deleted.current = { id: selected.id, index: selectedIndex.current };
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        />
      ) : null}
    </>
  );
}
