import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-number';
import { NO_SCORE } from '@/lib/score-figure';
import { cn } from '@/lib/utils';

/** No figure yet (lib/score-figure.ts's NO_SCORE): a dash to the eye, "No sets yet" to the ear. */
export function NoScore() {
  return (
    <>
      <span aria-hidden="true">{NO_SCORE}</span>
      <span className="sr-only">No sets yet</span>
    </>
  );
}

/** One figure with its label, e.g. Total Push-ups 12,540 (a number gets its separators). Use inside a <dl>. */
export function StatTile({
  label,
  value,
  className,
}: {
  label: string;
  value: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-1 rounded-xl bg-muted px-2 py-3 text-center',
        className,
      )}
    >
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums text-foreground">
        {typeof value === 'number' ? formatCount(value) : value === NO_SCORE ? <NoScore /> : value}
      </dd>
    </div>
  );
}
