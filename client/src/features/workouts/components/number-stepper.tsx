import { t } from '@lingui/core/macro';
import { Minus, Plus } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { clampCount, parseCount } from '../utils/count';

/**
 * Minus, a whole number and plus, within 0..max by the buttons (a number typed above `max` stays,
 * with `error` under it). The count's field, and the parts of a program's score.
 */
export function NumberStepper({
  id,
  label,
  value,
  onChange,
  disabled,
  inputRef,
  max,
  error,
  labels = [t`Decrease count`, t`Increase count`],
  labelClassName = 'text-center text-base font-semibold',
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  max: number;
  error: string | null;
  /** The minus and plus buttons' names. */
  labels?: [string, string];
  labelClassName?: string;
}) {
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : '';
  return (
    <div className="grid gap-3">
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <div className="flex items-center justify-center gap-3">
        <Button
          type="button"
          variant="outline"
          className="size-14 rounded-full [&_svg]:size-6"
          aria-label={labels[0]}
          aria-controls={id}
          disabled={disabled || value <= 0}
          onClick={() => onChange(clampCount(value - 1, max))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          ref={inputRef}
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          // One digit more than the maximum: room to type past it and be told, not a number to overflow.
          maxLength={String(max).length + 1}
          autoComplete="off"
          value={String(value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => onChange(parseCount(e.currentTarget.value))}
          className={cn(
            'h-16 text-center text-4xl font-extrabold tabular-nums',
            String(max).length > 3 ? 'w-36' : 'w-28',
          )}
        />
        <Button
          type="button"
          variant="outline"
          className="size-14 rounded-full [&_svg]:size-6"
          aria-label={labels[1]}
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => onChange(clampCount(value + 1, max))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <div className="text-center">
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
    </div>
  );
}
