import { t } from '@lingui/core/macro';
import { Undo2 } from 'lucide-react';
import {
  MODERATION_ACTION_LABELS,
  UNDO_OF,
  type AuditEntry,
  type ModerationActionInput,
  type ModerationTarget,
} from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { sayShared } from '@/lib/i18n';
import { useAuditLog } from '../api/get-audit-log';
import { useTakeAction } from '../api/take-action';
import { formatDateTime } from '@/lib/format-date';
import { actionTarget, undoableIds } from '../utils/undo';
import { ActionDialog } from './action-dialog';

/** "ann's workout #12", "ann", "a deleted member", "the club Early Birds". */
export function targetName(target: ModerationTarget): string {
  if (target.kind === 'club') {
    const club = target.name;
    return club ? t`the club ${club}` : t`a deleted club`;
  }
  const owner = target.username;
  if (target.kind !== 'workout') return owner ?? t`a deleted member`;
  const workoutId = target.workoutId;
  return owner ? t`${owner}'s workout #${workoutId}` : t`the workout #${workoutId}`;
}

/** An action's name in the log ("Hid the workout"), in the page's language. */
const actionLabel = (action: AuditEntry['action']) => sayShared(MODERATION_ACTION_LABELS[action])!;

/** One line of the log; `undo` adds the control that reverses it. */
export function AuditLine({ entry, undo = false }: { entry: AuditEntry; undo?: boolean }) {
  const action = useTakeAction();
  const reverse = UNDO_OF[entry.action];
  const done = actionLabel(entry.action);
  const undone = actionLabel(reverse);
  const target = targetName(entry.target);
  const reason = entry.reason;
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm"
      data-testid="audit-line"
    >
      <span className="grid min-w-0 gap-0.5">
        <span>
          <span className="font-semibold">{done}</span> · {target}
        </span>
        <span className="break-words">{t`Reason: ${reason}`}</span>
        <span className="text-xs text-muted-foreground">
          {entry.moderator} ·{' '}
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </span>
      </span>
      {undo ? (
        <ActionDialog
          label={t`Undo`}
          icon={<Undo2 aria-hidden="true" />}
          title={t`Undo "${done}"?`}
          description={t`${undone} for ${target}. The log keeps both lines.`}
          confirmLabel={t`Undo`}
          pendingLabel={t`Undoing`}
          doneTitle={undone}
          onConfirm={(reason) =>
            // The reverse of a workout action takes the workout, of a member action the member.
            action.mutateAsync({
              action: reverse,
              target: actionTarget(entry.target),
              reason,
            } as ModerationActionInput)
          }
        />
      ) : null}
    </li>
  );
}

/** Every moderator's actions, newest first, each with Undo while it is the latest of its kind. */
export function AuditLog() {
  const log = useAuditLog();
  if (log.isPending)
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{t`Loading the log`}</span>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (log.isError)
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>
          {t`Could not load the log.`} {log.error.message}
        </p>
        <Button variant="outline" onClick={() => void log.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  const { entries } = log.data;
  if (entries.length === 0)
    return <p className="py-10 text-center text-muted-foreground">{t`No actions yet.`}</p>;
  const undoable = undoableIds(entries);
  return (
    <ul
      className="divide-y divide-border rounded-xl border border-border bg-card px-4"
      aria-label={t`Audit log`}
    >
      {entries.map((e) => (
        <AuditLine key={e.id} entry={e} undo={undoable.has(e.id)} />
      ))}
    </ul>
  );
}
