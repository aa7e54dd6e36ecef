import { t } from '@lingui/core/macro';
import { formatHold } from '@common/challenges';
import { PACE_BUCKET_MS, paceSummary } from '@common/run-payoff';

/**
 * The run's pace as a small bar chart: reps per 15 s, from the start of the run to its end (or
 * the finish). One image for screen readers, with the figures in its name.
 */
export function PaceChart({ pace, mine = true }: { pace: readonly number[]; mine?: boolean }) {
  const top = Math.max(1, ...pace);
  const fastest = pace.indexOf(Math.max(...pace));
  return (
    <figure className="grid gap-1" data-testid="pace-chart">
      <figcaption className="text-left text-sm font-semibold">
        {mine ? t`Your pace (reps per 15 s)` : t`Pace (reps per 15 s)`}
      </figcaption>
      <div
        role="img"
        aria-label={paceSummary(pace)}
        className="flex h-16 items-end gap-px rounded-md bg-muted p-1"
      >
        {pace.map((reps, i) => (
          <div
            // The bars never change order: the index is their identity.
            key={i}
            className={
              i === fastest ? 'flex-1 rounded-t-sm bg-primary' : 'flex-1 rounded-t-sm bg-primary/55'
            }
            style={{ height: `${Math.max(reps > 0 ? 8 : 2, (reps / top) * 100)}%` }}
          />
        ))}
      </div>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>0:00</span>
        <span>{formatHold((pace.length * PACE_BUCKET_MS) / 1000)}</span>
      </div>
    </figure>
  );
}
