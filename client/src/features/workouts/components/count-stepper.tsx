import { Minus, Plus } from 'lucide-react';
import type { Ref } from 'react';
import { PUSHUPS_MAX } from '@common/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { clampCount, countTooHigh, parseCount } from '../utils/count';

interface CountStepperProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Minus, a numeric input and plus. Non-numbers read as 0 and the count never goes below 0; a count
 * typed above PUSHUPS_MAX stays as typed with a message under the field (the forms refuse to
 * save it), and minus brings it back to the maximum.
 */
export function CountStepper({ id, label, value, onChange, disabled, inputRef }: CountStepperProps) {
  const error = countTooHigh(value);
  const errorId = `${id}-error`;
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
          onClick={() => onChange(clampCount(value - 1))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          ref={inputRef}
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          // Four digits: room to type past the maximum and be told, not a number to overflow.
          maxLength={4}
          autoComplete="off"
          value={String(value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => onChange(parseCount(e.currentTarget.value))}
          className="h-16 w-28 text-center text-4xl font-extrabold tabular-nums"
        />
        <Button
          type="button"
          variant="outline"
          className="size-14 rounded-full [&_svg]:size-6"
          aria-label="Increase count"
          aria-controls={id}
          disabled={disabled || value >= PUSHUPS_MAX}
          onClick={() => onChange(clampCount(value + 1))}
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
