import { Minus, Plus } from 'lucide-react';
import { PUSHUPS_MAX } from '@common/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clampCount, parseCount } from '../utils/count';

interface CountStepperProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** Minus, a numeric input and plus; the count stays within 0..PUSHUPS_MAX and non-numbers read as 0. */
export function CountStepper({ id, label, value, onChange, disabled }: CountStepperProps) {
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
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={String(value)}
          disabled={disabled}
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
    </div>
  );
}
