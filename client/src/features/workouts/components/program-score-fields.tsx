import { t } from '@lingui/core/macro';
import { useId, useState, type Ref } from 'react';
import { sayShared } from '@/lib/i18n';
import { formatHold, formatScore, roundsOf, scoreRangeError } from '@common/challenges';
import { cn } from '@/lib/utils';
import { countTooHigh, type Scored } from '../utils/count';
import { NumberStepper } from './number-stepper';
import { HoldStepper } from './hold-stepper';

// The score of an interval program, as the member enters it (docs/decisions/0219-program-scores.md):
// whole rounds and the extra reps of the unfinished one ('rounds'), or a finishing time or the
// reps done by the cap ('for-time'). Each gives the forms one whole number (and `capped`), checked
// with the challenge's scoreRangeError like every other score.

interface FieldProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  challenge: Scored;
  error: string | null;
}

const perRound = (c: Scored) => (c.scoring.kind === 'rounds' ? c.scoring.repsPerRound : 1);

/**
 * Rounds and extra reps (0 to one less than a round): the score is rounds x reps a round + extra,
 * shown as it will be saved ("7 rounds + 9 = 114 reps"). Extra reps of a whole round or more are
 * said under the field (and the value is NaN: the forms refuse it). The focus goes to the extra
 * reps: at the end of a run the rounds are already counted.
 */
export function RoundsStepper({
  id,
  label,
  value,
  onChange,
  disabled,
  inputRef,
  challenge,
  error,
}: FieldProps) {
  const per = perRound(challenge);
  const [parts, setParts] = useState(() =>
    Number.isFinite(value)
      ? roundsOf(challenge.scoring, Math.max(0, value))
      : { rounds: 0, extra: 0 },
  );
  const maxRounds = Math.floor(challenge.scoring.max / per);
  const set = (next: { rounds: number; extra: number }) => {
    setParts(next);
    onChange(next.extra >= per ? Number.NaN : next.rounds * per + next.extra);
  };
  const total = parts.rounds * per + parts.extra;
  const score = formatScore(challenge.scoring, total);
  const most = per - 1;
  const extraError =
    parts.extra >= per
      ? t`Extra reps are those of the round you did not finish: 0 to ${most}`
      : null;
  // Said under the extra reps, the field the member fills at the end of a run.
  const shown = extraError ?? sayShared(countTooHigh(total, challenge) ?? undefined) ?? error;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 w-full text-center text-base font-semibold">{label}</legend>
      <NumberStepper
        id={`${id}-rounds`}
        label={t`Rounds finished`}
        labelClassName="text-center text-sm font-semibold"
        value={parts.rounds}
        onChange={(rounds) => set({ ...parts, rounds })}
        disabled={disabled}
        max={maxRounds}
        error={null}
        labels={[t`One round fewer`, t`One round more`]}
      />
      <NumberStepper
        id={id}
        label={t`Extra reps (0 to ${most})`}
        labelClassName="text-center text-sm font-semibold"
        value={parts.extra}
        onChange={(extra) => set({ ...parts, extra })}
        disabled={disabled}
        inputRef={inputRef}
        max={per - 1}
        error={shown}
        labels={[t`One rep fewer`, t`One rep more`]}
      />
      <p
        className="text-center text-lg font-semibold"
        aria-live="polite"
        data-testid="rounds-display"
      >
        {extraError ? '' : t`${score} = ${total} reps`}
      </p>
    </fieldset>
  );
}

/**
 * How a run for time ended: "I finished" with the time (m:ss, as a hold is typed), or "I reached
 * the cap" with the reps done. Each keeps its own value while the other is chosen.
 */
export function ForTimeField({
  id,
  label,
  value,
  onChange,
  capped,
  onCappedChange,
  disabled,
  inputRef,
  challenge,
  error,
}: FieldProps & { capped: boolean; onCappedChange: (capped: boolean) => void }) {
  const { scoring } = challenge;
  const cap = scoring.kind === 'for-time' ? scoring.capSeconds : scoring.max;
  const [time, setTime] = useState(capped ? Number.NaN : value);
  const [reps, setReps] = useState(capped ? value : 0);
  const name = useId();
  const choose = (next: boolean) => {
    if (next === capped) return;
    onCappedChange(next);
    onChange(next ? reps : time);
  };
  const repsError =
    capped && reps > scoring.max
      ? (sayShared(scoreRangeError(challenge, reps, true) ?? undefined) ?? null)
      : null;
  const capTime = formatHold(cap);
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 w-full text-center text-base font-semibold">{label}</legend>
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={t`How it ended`}>
        {(
          [
            [false, t`I finished`],
            [true, t`I reached the cap (${capTime})`],
          ] as const
        ).map(([option, text]) => (
          <label
            key={text}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-center text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              capped === option
                ? 'border-primary bg-accent text-accent-foreground'
                : 'border-border bg-card',
            )}
          >
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary"
              checked={capped === option}
              disabled={disabled}
              onChange={() => choose(option)}
            />
            {text}
          </label>
        ))}
      </div>
      {capped ? (
        <NumberStepper
          id={id}
          label={t`Reps done by the cap`}
          value={Number.isFinite(value) ? value : 0}
          onChange={(n) => {
            setReps(n);
            onChange(n);
          }}
          disabled={disabled}
          inputRef={inputRef}
          max={scoring.max}
          error={repsError ?? error}
          labels={[t`One rep fewer`, t`One rep more`]}
        />
      ) : (
        <HoldStepper
          id={id}
          label={t`Your time`}
          value={value}
          onChange={(s) => {
            setTime(s);
            onChange(s);
          }}
          disabled={disabled}
          inputRef={inputRef}
          scoring={scoring}
          finishMax={cap}
          error={error}
        />
      )}
    </fieldset>
  );
}
