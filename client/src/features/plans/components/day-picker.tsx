import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { PLAN_DAYS } from '@common/schemas/plans';
import { cn } from '@/lib/utils';
import { WEEK, weekdayName, weekdayShort } from '../utils/plan-words';

/** Whether `days` is a plan's choice: exactly three. */
export const daysChosen = (days: readonly number[]) => days.length === PLAN_DAYS;

/** `days` with `d` added or taken out, in week order. */
export const toggleDay = (days: readonly number[], d: number) =>
  days.includes(d) ? days.filter((x) => x !== d) : [...days, d].sort((a, b) => a - b);

/**
 * "Your days": the week's seven days as toggles, three to choose (starting a plan, changing its
 * days), with a hint that counts them.
 */
export function DayPicker({
  days,
  onChange,
  disabled = false,
}: {
  days: readonly number[];
  onChange: (days: number[]) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  const tooMany = !daysChosen(days);
  const chosen = days.length;
  return (
    <fieldset className="grid gap-2" aria-describedby={hintId} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t`Your days`}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {WEEK.map((d) => {
          const on = days.includes(d);
          const name = weekdayName(d);
          return (
            <label
              key={name}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold',
                on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={() => onChange(toggleDay(days, d))}
                aria-label={name}
              />
              {weekdayShort(d)}
            </label>
          );
        })}
      </div>
      <p id={hintId} className={cn('text-sm', tooMany ? 'font-semibold' : 'text-muted-foreground')}>
        {tooMany
          ? t`Choose exactly ${PLAN_DAYS} days (${chosen} chosen).`
          : t`A rest day between sessions helps.`}
      </p>
    </fieldset>
  );
}
