import { scoreErrorOf } from '@/lib/score-figure';
import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { scoreRangeError } from '@common/challenges';
import { NOTES_MAX } from '@common/constants';
import { notesSchema, workoutTimeError } from '@common/schemas/workouts';
import { SaveCancel } from './save-cancel';
import { Field } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useCreateWorkout, type SaveOutcome } from '../api/create-workout';
import { withCapped } from '../utils/capped';
import { countTooHigh, PUSHUPS, type Scored } from '../utils/count';
import { customTimeHint, customTimeRange } from '../utils/custom-time';
import { invalidCountToast, saysLowWithToast } from './count-entry';
import { CountStepper } from './count-stepper';

// The form's fields; the save body is built from them with the common schema's rules (docs/product.md#workout-fields, docs/product.md#custom-time).
// `joinedAt`: a custom time before the member joined is refused here as the server would; the
// score is checked against the challenge's range, in its words (common/challenges.ts); a run for
// time's score with `capped` (a finish's seconds, or the reps done by the cap).
const makeLogWorkoutFormSchema = (joinedAt: Date | undefined, challenge: Scored) =>
  z
    .object({
      score: z.number().superRefine((n, ctx) => {
        const err = challenge.scoring.kind === 'for-time' ? null : scoreRangeError(challenge, n);
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
      capped: z.boolean(),
      when: z.enum(['now', 'custom']),
      customTime: z.string(),
      notes: notesSchema,
    })
    .superRefine((v, ctx) => {
      if (challenge.scoring.kind !== 'for-time') return;
      const err = scoreRangeError(challenge, v.score, v.capped);
      if (err) ctx.addIssue({ code: 'custom', path: ['score'], message: err });
    })
    .superRefine((v, ctx) => {
      if (v.when !== 'custom') return;
      if (!v.customTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['customTime'],
          message: t`Choose the date and time of the workout`,
        });
        return;
      }
      // datetime-local has no zone: new Date() reads it as local time, as the user meant it.
      const err = workoutTimeError(new Date(v.customTime), Date.now(), joinedAt);
      if (err) ctx.addIssue({ code: 'custom', path: ['customTime'], message: err });
    });

type FormSchema = ReturnType<typeof makeLogWorkoutFormSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** The score field's name on the form. */
function logLabel(c: Scored): string {
  switch (c.scoring.kind) {
    case 'seconds':
      return t`Time held`;
    case 'rounds':
      return t`Rounds and extra reps`;
    case 'for-time':
      return t`How did it end?`;
    case 'reps':
      return sayShared(c.scoring.label)!;
  }
}

/** Log a set of `challenge` (push-ups when absent) done without the timer: score, time, notes. */
export function LogWorkoutForm({
  challenge = PUSHUPS,
  joinedAt,
  onSaved,
  onCancel,
}: {
  challenge?: Scored;
  /** When the member joined (their `createdAt`): the earliest time a workout may carry. */
  joinedAt?: string;
  onSaved: (workout: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const joined = useMemo(() => (joinedAt ? new Date(joinedAt) : undefined), [joinedAt]);
  const schema = useMemo(() => makeLogWorkoutFormSchema(joined, challenge), [joined, challenge]);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    // A finishing time starts empty (0:00 is no time); a count at 0.
    defaultValues: {
      score: challenge.scoring.kind === 'for-time' ? Number.NaN : 0,
      capped: false,
      when: 'now',
      customTime: '',
      notes: '',
    },
  });
  const toastLow = saysLowWithToast(challenge);
  const capped = useWatch({ control: form.control, name: 'capped' });
  const save = useCreateWorkout({ onSuccess: onSaved });
  const when = useWatch({ control: form.control, name: 'when' });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const errors = form.formState.errors;
  const range = customTimeRange(new Date(), joined);

  const onValid = (v: FormOutput) =>
    save.mutate(
      withCapped(
        {
          challenge: challenge.id,
          score: v.score,
          ...(v.notes ? { notes: v.notes } : {}),
          ...(v.when === 'custom' ? { createdAt: new Date(v.customTime).toISOString() } : {}),
        },
        v.capped,
      ),
      {
        // A time or a score the server refuses (its clock or catalogue differs) is said under
        // the field as well.
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const time = err.errors?.createdAt?.[0];
          if (time) form.setError('customTime', { message: time }, { shouldFocus: true });
          const score = scoreErrorOf(err.errors);
          if (score && !time)
            form.setError('score', { type: 'server', message: score }, { shouldFocus: true });
        },
      },
    );

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={form.handleSubmit(onValid, (errs) => {
        // A push-up count not above zero is the spec's toast (docs/product.md#validation); one too
        // high, and another challenge's score out of range, are said under the field, as the
        // other fields' messages are.
        if (!errs.score) return;
        if (toastLow && !countTooHigh(form.getValues('score'), challenge))
          invalidCountToast(challenge.words?.rangeErrors?.tooLow);
        else form.setFocus('score');
      })}
    >
      <Controller
        control={form.control}
        name="score"
        render={({ field }) => (
          <CountStepper
            id="log-score"
            // A hold is typed as a time (m:ss), not a number of seconds.
            label={logLabel(challenge)}
            value={field.value}
            onChange={field.onChange}
            disabled={save.isPending}
            inputRef={field.ref}
            challenge={challenge}
            // Push-ups: a count below one is the toast's; too high is the stepper's own message.
            error={
              toastLow && errors.score?.type !== 'server' ? null : sayShared(errors.score?.message)
            }
            capped={capped}
            onCappedChange={(next) => form.setValue('capped', next)}
          />
        )}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t`When`}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['now', t`Just now`],
              ['custom', t`Custom`],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                when === value
                  ? 'border-primary bg-accent text-accent-foreground'
                  : 'border-border bg-card',
              )}
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-primary"
                {...form.register('when')}
              />
              {label}
            </label>
          ))}
        </div>
        {when === 'custom' ? (
          <Field
            id="log-time"
            label={t`Date and time`}
            error={sayShared(errors.customTime?.message)}
            hint={customTimeHint(range)}
          >
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                min={format(range.min, LOCAL_INPUT)}
                max={format(range.max, LOCAL_INPUT)}
                {...form.register('customTime')}
              />
            )}
          </Field>
        ) : null}
      </fieldset>

      <Field
        id="log-notes"
        label={t`Notes (optional)`}
        error={sayShared(errors.notes?.message)}
        hint={
          <span className="block text-right">
            {notes.length}/{NOTES_MAX}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            maxLength={NOTES_MAX}
            placeholder={t`How did it feel?`}
            {...form.register('notes')}
          />
        )}
      </Field>

      <SaveCancel pending={save.isPending} saveLabel={t`Save`} onCancel={onCancel} />
    </form>
  );
}
