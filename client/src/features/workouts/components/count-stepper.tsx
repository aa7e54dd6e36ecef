import type { Ref } from 'react';
import { countTooHigh, PUSHUPS, type Scored } from '../utils/count';
import { HoldStepper } from './hold-stepper';
import { NumberStepper } from './number-stepper';
import { ForTimeField, RoundsStepper } from './program-score-fields';

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
  /** A 'for-time' score: whether it is the reps done at the cap (else a finish's seconds). */
  capped?: boolean;
  onCappedChange?: (capped: boolean) => void;
}

/**
 * The score's field, by how the challenge is scored. Minus, a numeric input and plus. Non-numbers read as 0 and the count never goes below 0; a count
 * typed above the challenge's maximum stays as typed with the range's message under the field
 * (the forms refuse to save it), and minus brings it back to the maximum. A hold is a time typed
 * as m:ss, h:mm:ss or seconds (HoldStepper); a program's score as rounds and extra reps, or as a
 * finishing time or the reps done by the cap (program-score-fields.tsx).
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
  capped = false,
  onCappedChange,
}: CountStepperProps) {
  const { max, kind } = challenge.scoring;
  if (kind === 'rounds')
    return (
      <RoundsStepper
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled}
        inputRef={inputRef}
        challenge={challenge}
        error={otherError}
      />
    );
  if (kind === 'for-time')
    return (
      <ForTimeField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        capped={capped}
        onCappedChange={onCappedChange ?? (() => undefined)}
        disabled={disabled}
        inputRef={inputRef}
        challenge={challenge}
        error={otherError}
      />
    );
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
  return (
    <NumberStepper
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      disabled={disabled}
      inputRef={inputRef}
      max={max}
      error={countTooHigh(value, challenge) ?? otherError}
    />
  );
}
