import { t } from '@lingui/core/macro';
import { Minus, Plus } from 'lucide-react';
import { sayShared } from '@/lib/i18n';
import { useState, type Ref } from 'react';
import { formatHold, type Scoring } from '@common/challenges';
import { HOLD_FORMATS, parseHold, type HoldParse } from '@common/hold-time';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';

/** Minus and plus move a hold by this many seconds, to the next multiple of it (2:33 -> 2:35). */
export const HOLD_STEP_SECONDS = 5;

/** The hold after a step of minus (-1) or plus (+1), within 0..max. */
export function stepHold(seconds: number, direction: 1 | -1, max: number): number {
  const from = Number.isFinite(seconds) ? Math.max(0, Math.trunc(seconds)) : 0;
  const next =
    direction > 0
      ? Math.floor(from / HOLD_STEP_SECONDS) * HOLD_STEP_SECONDS + HOLD_STEP_SECONDS
      : Math.ceil(from / HOLD_STEP_SECONDS) * HOLD_STEP_SECONDS - HOLD_STEP_SECONDS;
  return Math.min(max, Math.max(0, next));
}

const textOf = (seconds: number) => (Number.isFinite(seconds) ? formatHold(seconds) : '');

/** A parse problem said of a finishing time rather than of a hold. */
function asFinish(parsed: HoldParse): HoldParse {
  if (parsed.ok) return parsed;
  const formats = sayShared(HOLD_FORMATS)!;
  if (parsed.problem === 'empty') return { ...parsed, message: t`Enter your time. ${formats}.` };
  if (parsed.problem === 'negative') return { ...parsed, message: t`A time cannot be negative` };
  return parsed;
}

/**
 * A hold's time, typed as m:ss, h:mm:ss or seconds (common/hold-time.ts) and shown as it will be
 * saved ("Will be saved as 2:30") before Save; minus and plus step by 5 seconds
 * (docs/decisions/0197-the-end-of-a-run.md). `value` is whole seconds, or NaN while the text is not
 * a time (the forms then refuse to save, and the field says why). A time above the range is said at
 * once, text that is not a time once the field is left or Save was tried (`error` set), a time
 * below the range only then.
 */
export function HoldStepper({
  id,
  label,
  value,
  onChange,
  disabled,
  inputRef,
  scoring,
  error: otherError = null,
  finishMax,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (seconds: number) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  scoring: Scoring;
  error?: string | null;
  /**
   * A finishing time up to this many seconds (a run for time): its range is said by `error`
   * (the challenge's words), not as a hold's.
   */
  finishMax?: number;
}) {
  const max = finishMax ?? scoring.max;
  const [text, setText] = useState(() => textOf(value));
  const [shownFor, setShownFor] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, the clock's reading) replaces the text.
  if (!Object.is(value, shownFor)) {
    setShownFor(value);
    const typed = parseHold(text);
    if (!(typed.ok && typed.seconds === value) && !(Number.isNaN(value) && !typed.ok))
      setText(textOf(value));
  }
  const parsed = finishMax === undefined ? parseHold(text, scoring) : asFinish(parseHold(text));
  const tried = left || otherError !== null;
  const parseError =
    !parsed.ok && (parsed.problem === 'high' || tried) ? sayShared(parsed.message)! : null;
  const error = parseError ?? otherError;
  // The seconds typed, also when out of range; undefined while the text is not a time.
  const current = parsed.seconds;
  const set = (next: string) => {
    setText(next);
    const r = parseHold(next);
    const seconds = r.ok ? r.seconds : Number.NaN;
    setShownFor(seconds);
    onChange(seconds);
  };
  const step = (direction: 1 | -1) => {
    const seconds = stepHold(current ?? 0, direction, max);
    setText(formatHold(seconds));
    setShownFor(seconds);
    onChange(seconds);
  };
  const held = parsed.ok ? formatHold(parsed.seconds) : '';
  const errorId = `${id}-error`;
  const savedId = `${id}-hold`;
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
          aria-label={t`${HOLD_STEP_SECONDS} seconds less`}
          aria-controls={id}
          disabled={disabled || current === undefined || current <= 0}
          onClick={() => step(-1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          ref={inputRef}
          id={id}
          type="text"
          // A full keyboard: a phone's number pad has no colon.
          autoComplete="off"
          spellCheck={false}
          // "10:00:00" and a character more, to be told rather than cut.
          maxLength={12}
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[savedId, error ? errorId : ''].filter(Boolean).join(' ')}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={() => setLeft(true)}
          onChange={(e) => set(e.currentTarget.value)}
          className="h-16 w-40 text-center text-4xl font-extrabold tabular-nums"
        />
        <Button
          type="button"
          variant="outline"
          className="size-14 rounded-full [&_svg]:size-6"
          aria-label={t`${HOLD_STEP_SECONDS} seconds more`}
          aria-controls={id}
          disabled={disabled || (current !== undefined && current >= max)}
          onClick={() => step(1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-1 text-center">
        <p
          id={savedId}
          className="text-lg font-semibold tabular-nums"
          data-testid="hold-display"
          aria-live="polite"
        >
          {/* A finish out of its range is not what will be saved: the message under it says why. */}
          {parsed.ok && !(finishMax !== undefined && otherError) ? t`Will be saved as ${held}` : ''}
        </p>
        {error ? null : <p className="text-xs text-muted-foreground">{sayShared(HOLD_FORMATS)}.</p>}
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
    </div>
  );
}
