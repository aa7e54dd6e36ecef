import {
  UNDO_OF,
  type AuditEntry,
  type ModerationAction,
  type ModerationTarget,
  type ReportTarget,
} from '@common/schemas/moderation';

const COMMENT_ACTIONS = new Set<ModerationAction>(['hide-comment', 'show-comment']);

/** An action and its undo share a key: a later line of either supersedes an earlier one. */
const pairKey = (action: ModerationAction) => [action, UNDO_OF[action]].sort().join('/');

const targetKey = (t: ModerationTarget) =>
  t.kind === 'workout'
    ? `workout:${t.workoutId}`
    : t.kind === 'club'
      ? `club:${t.slug ?? ''}`
      : `member:${(t.username ?? '').toLowerCase()}`;

/** Whether the target is still there to act on (a deleted member's or a club gone for good is not). */
const present = (t: ModerationTarget) =>
  t.kind === 'club' ? t.slug !== null : t.username !== null;

/**
 * The log lines that can still be undone: for each target and pair of actions (hide and unhide,
 * suspend and lift...), only the newest line; an older one was already undone or redone after.
 * A line whose member is gone (a deleted account), or whose club is, has nothing left to undo. `entries` is newest
 * first, as the log answers.
 */
export function undoableIds(entries: readonly AuditEntry[]): Set<number> {
  const seen = new Set<string>();
  const undoable = new Set<number>();
  for (const e of entries) {
    const key = `${targetKey(e.target)}|${pairKey(e.action)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A comment's hide is undone from the reported comments, not from the log.
    if (present(e.target) && !COMMENT_ACTIONS.has(e.action)) undoable.add(e.id);
  }
  return undoable;
}

/** The target as an action's body takes it (the log names a workout's owner too). */
export function actionTarget(t: Exclude<ModerationTarget, { kind: 'club' }>): ReportTarget;
export function actionTarget(t: ModerationTarget): ReportTarget | { kind: 'club'; slug: string };
export function actionTarget(t: ModerationTarget) {
  return t.kind === 'workout'
    ? ({ kind: 'workout', workoutId: t.workoutId } as const)
    : t.kind === 'club'
      ? ({ kind: 'club', slug: t.slug ?? '' } as const)
      : ({ kind: 'member', username: t.username ?? '' } as const);
}
