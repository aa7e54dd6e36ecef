import { msg, plural, t } from '@lingui/core/macro';
import { Flame, Target } from 'lucide-react';
import { i18n } from '@/lib/i18n';
import type { MyStats } from '@common/schemas/workouts';

/** What the goal counts, said under it (docs/decisions/0053-weekly-goal.md). */
export const SESSION_MEANING = msg`A session is a day with at least one set, of any challenge.`;

/**
 * "2 of 3 this week" (once met: "5 sessions this week", "Goal of 3 met") and the streak of weeks
 * with the goal met; a session is a day with a set, so four sets in ten minutes are one.
 * Informative only: it never nags.
 */
export function WeeklyGoal({
  stats,
}: {
  stats: Pick<MyStats, 'weeklyGoal' | 'sessionsThisWeek' | 'weekStreak'>;
}) {
  const { weeklyGoal, sessionsThisWeek, weekStreak } = stats;
  const done = Math.min(sessionsThisWeek, weeklyGoal);
  const met = sessionsThisWeek >= weeklyGoal;
  return (
    <div className="grid gap-2 rounded-xl bg-muted px-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold">
          <Target className="size-4 text-primary" aria-hidden="true" />
          <span data-testid="weekly-goal-count">
            {met
              ? plural(sessionsThisWeek, {
                  one: '# session this week',
                  other: '# sessions this week',
                })
              : t`${sessionsThisWeek} of ${weeklyGoal} this week`}
          </span>
          {met ? (
            <span className="whitespace-nowrap text-sm font-medium text-muted-foreground">
              {t`Goal of ${weeklyGoal} met`}
            </span>
          ) : null}
        </p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Flame className="size-4 text-primary" aria-hidden="true" />
          {weekStreak === 0 ? t`No streak yet` : t`${weekStreak} week streak`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t`Weekly goal`}
        aria-valuemin={0}
        aria-valuemax={weeklyGoal}
        aria-valuenow={done}
        aria-valuetext={
          met
            ? plural(sessionsThisWeek, {
                one: `# session this week, goal of ${weeklyGoal} met`,
                other: `# sessions this week, goal of ${weeklyGoal} met`,
              })
            : t`${sessionsThisWeek} of ${weeklyGoal} sessions this week`
        }
        className="flex gap-1"
      >
        {Array.from({ length: weeklyGoal }, (_, i) => (
          <span
            key={i}
            className={
              i < done ? 'h-2 flex-1 rounded-full bg-primary' : 'h-2 flex-1 rounded-full bg-border'
            }
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{i18n._(SESSION_MEANING)}</p>
    </div>
  );
}
