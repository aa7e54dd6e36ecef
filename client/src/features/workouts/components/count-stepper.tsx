import { Minus, Plus } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { clampCount, countTooHigh, parseCount, PUSHUPS, type Scored } from '../utils/count';
import { HoldStepper } from './hold-stepper';

interface CountStepperProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Whose range the count is checked against (push-ups when absent). */
  challenge?: Scored;
  /** A message to show under the field besides "too high" (a score below the range, once saving was tried). */
  error?: string | null;
}

/**
 * Minus, a numeric input and plus. Non-numbers read as 0 and the count never goes below 0; a count
 * typed above the challenge's maximum stays as typed with the range's message under the field
 * (the forms refuse to save it), and minus brings it back to the maximum. A hold is a time typed
 * as m:ss, h:mm:ss or seconds (HoldStepper).
 */
export function CountStepper({
  id,
  label,
  value,
  onChange,
  disabled,
  inputRef,
  challenge = PUSHUPS,
  error: otherError = null,
}: CountStepperProps) {
  const { max, kind } = challenge.scoring;
  if (kind === 'seconds')
    return (
      <HoldStepper
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled}
        inputRef={inputRef}
        scoring={challenge.scoring}
        error={otherError}
      />
    );
  const error = countTooHigh(value, challenge) ?? otherError;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : '';
  return (
    <div className="grid gap-3">
      <Label htmlFor={id} className="text-center text-base font-semibold">
        {label}
      </Label>
      <div className="flex items-center justify-center gap-3">
        <Button
          type="button"
          variant="outline"
          className="size-14 rounded-full [&_svg]:size-6"
          aria-label="Decrease count"
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
          aria-label="Increase count"
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
