import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-number';
import { NO_SCORE } from '@/lib/score-figure';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';

/** No figure yet (lib/score-figure.ts's NO_SCORE): a dash to the eye, "No sets yet" to the ear. */
export function NoScore() {
  return (
    <>
      <span aria-hidden="true">{NO_SCORE}</span>
      <span className="sr-only">{t`No sets yet`}</span>
    </>
  );
}

/** A long figure ("7 rounds + 9", "CAP + 312") is set smaller, so it keeps to two lines on a phone. */
export const longFigure = (text: string) => text.length > 7;

/**
 * One figure with its label, e.g. Total Push-ups 12,540 (a number gets its separators). Use inside
 * a <dl>. `detail`: a second description under the figure (a best's tier badge).
 */
export function StatTile({
  label,
  value,
  detail,
  className,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
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
      <dd
        className={cn(
          'font-extrabold tabular-nums text-foreground',
          typeof value === 'string' && longFigure(value) ? 'text-lg leading-tight' : 'text-2xl',
        )}
      >
        {typeof value === 'number' ? formatCount(value) : value === NO_SCORE ? <NoScore /> : value}
      </dd>
      {detail ? <dd className="flex justify-center">{detail}</dd> : null}
    </div>
  );
}
