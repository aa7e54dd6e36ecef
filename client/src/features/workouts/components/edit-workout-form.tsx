import { isCameraCounted } from '@common/tier-words';
import { catalogueEntries } from '@/config/catalogue';
import { scoreErrorOf } from '@/lib/score-figure';
import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { findEntry, scoreRangeError, timedScoreStartError } from '@common/challenges';
import { NOTES_MAX } from '@common/constants';
import type { User } from '@common/schemas/auth';
import {
  CAMERA_MARK_LOST,
  OLD_SET_SCORE_LOCKED,
  type EditWorkoutInput,
} from '@common/schemas/workout-edit';
import { notesSchema, workoutTimeError, type Workout } from '@common/schemas/workouts';
import { Field } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useUpdateWorkout } from '../api/update-workout';
import type { ListedWorkout } from '../types';
import { isCapped } from '../utils/capped';
import { PUSHUPS, type Scored } from '../utils/count';
import { customTimeHint, customTimeRange } from '../utils/custom-time';
import { CountStepper } from './count-stepper';
import { SaveCancel } from './save-cancel';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

// The fields of Log workout with the rules of a new save (common/schemas/workouts.ts), judged
// against the set as it is: an unchanged time is not judged again, and a hold may not have begun
// before the member joined (common/challenges.ts timedScoreStartError).
const makeEditFormSchema = (
  challenge: Scored,
  original: { time: string },
  joinedAt: Date | undefined,
) =>
  z
    .object({
      score: z.number().superRefine((n, ctx) => {
        const err = challenge.scoring.kind === 'for-time' ? null : scoreRangeError(challenge, n);
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
      capped: z.boolean(),
      time: z.string().min(1, t`Choose the date and time of the workout`),
      notes: notesSchema,
    })
    .superRefine((v, ctx) => {
      // A run for time: a finish's seconds, or the reps done by the cap.
      if (challenge.scoring.kind !== 'for-time') return;
      const err = scoreRangeError(challenge, v.score, v.capped);
      if (err) ctx.addIssue({ code: 'custom', path: ['score'], message: err });
    })
    .superRefine((v, ctx) => {
      if (v.time === original.time) return;
      // datetime-local has no zone: new Date() reads it as local time, as the member meant it.
      const err = workoutTimeError(new Date(v.time), Date.now(), joinedAt);
      if (err) ctx.addIssue({ code: 'custom', path: ['time'], message: err });
    });

type FormSchema = ReturnType<typeof makeEditFormSchema>;

/**
 * What changed, as the PATCH body: only the fields the member changed are sent. A run for time
 * whose end changed (a finish to the cap, or back) sends its score and `capped` together.
 */
export function editBody(
  workout: ListedWorkout,
  original: { time: string },
  v: { score: number; time: string; notes?: string; capped?: boolean },
): EditWorkoutInput {
  const body: EditWorkoutInput & { capped?: boolean } = {};
  const cappedChanged = v.capped !== undefined && v.capped !== isCapped(workout);
  if (v.score !== workout.score || cappedChanged) body.score = v.score;
  if (cappedChanged) body.capped = v.capped;
  if (v.time !== original.time) body.createdAt = new Date(v.time).toISOString();
  const notes = v.notes ?? null;
  if (notes !== (workout.notes ?? null)) body.notes = notes;
  return body;
}

/**
 * Edit a set's score (or hold), time and notes (docs/decisions/0203-editing-a-set.md). A set
 * counted by the camera says, as soon as its count changes and before Save, that it will become a
 * plain set. A set older than the backdating window keeps its score and time.
 */
export function EditWorkoutForm({
  workout,
  onSaved,
  onCancel,
}: {
  workout: ListedWorkout;
  onSaved: (workout: Workout) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const joinedAt = queryClient.getQueryData<User | null>(queryKeys.user)?.createdAt;
  const joined = useMemo(() => (joinedAt ? new Date(joinedAt) : undefined), [joinedAt]);
  const challenge = useMemo<Scored>(() => {
    const entry = findEntry(workout.challenge, catalogueEntries());
    // With its words: push-ups keep the specification's range messages (words.rangeErrors).
    return entry?.scoring ? { id: entry.id, scoring: entry.scoring, words: entry.words } : PUSHUPS;
  }, [workout.challenge]);
  // Read once: the form judges the set as it was when opened.
  const [openedAt] = useState(() => new Date());
  const original = useMemo(
    () => ({ time: format(new Date(workout.createdAt), LOCAL_INPUT) }),
    [workout.createdAt],
  );
  // Older than the window a new save may name: its board places stay as they are.
  const locked = workoutTimeError(new Date(workout.createdAt), openedAt.getTime(), joined) !== null;
  const schema = useMemo(
    () => makeEditFormSchema(challenge, original, joined),
    [challenge, original, joined],
  );
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      score: workout.score,
      capped: isCapped(workout),
      time: original.time,
      notes: workout.notes ?? '',
    },
  });
  const capped = useWatch({ control: form.control, name: 'capped' });
  const update = useUpdateWorkout({ onSuccess: onSaved });
  const score = useWatch({ control: form.control, name: 'score' });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const errors = form.formState.errors;
  const range = customTimeRange(openedAt, joined);
  // A camera-counted (or better) set becomes entered when its count changes (common/tiers.ts).
  const markGoes = isCameraCounted(workout) && score !== workout.score;
  // The form takes the place of the details (or opens the dialog): its first field takes the focus.
  useEffect(() => form.setFocus(locked ? 'notes' : 'score'), [form, locked]);

  const onValid = (v: z.output<FormSchema>) => {
    const body = editBody(workout, original, v);
    if (Object.keys(body).length === 0) return onCancel();
    // A hold that would have begun before the member joined: said under the field, as the server would.
    const at = body.createdAt ? new Date(body.createdAt) : new Date(workout.createdAt);
    const startError =
      body.score || body.createdAt
        ? timedScoreStartError(challenge.scoring, v.score, at, joined, v.capped)
        : null;
    if (startError)
      return form.setError('score', { type: 'server', message: startError }, { shouldFocus: true });
    update.mutate(
      { id: workout.id, body },
      {
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const time = err.errors?.createdAt?.[0];
          if (time) form.setError('time', { message: time }, { shouldFocus: true });
          const s = scoreErrorOf(err.errors);
          if (s && !time)
            form.setError('score', { type: 'server', message: s }, { shouldFocus: true });
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit(onValid)}
      data-testid="edit-workout-form"
    >
      <Controller
        control={form.control}
        name="score"
        render={({ field }) => (
          <CountStepper
            id="edit-score"
            label={sayShared(challenge.scoring.label)!}
            value={field.value}
            onChange={field.onChange}
            disabled={update.isPending || locked}
            inputRef={field.ref}
            challenge={challenge}
            error={sayShared(errors.score?.message)}
            capped={capped}
            onCappedChange={(next) => form.setValue('capped', next)}
          />
        )}
      />
      {markGoes ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="camera-mark-warning"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {sayShared(CAMERA_MARK_LOST)}
        </p>
      ) : null}
      <Field
        id="edit-time"
        label={t`Date and time`}
        error={sayShared(errors.time?.message)}
        hint={locked ? sayShared(OLD_SET_SCORE_LOCKED) : customTimeHint(range)}
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            disabled={update.isPending}
            // Read-only rather than disabled: the form still reads its value.
            readOnly={locked}
            min={locked ? undefined : format(range.min, LOCAL_INPUT)}
            max={locked ? undefined : format(range.max, LOCAL_INPUT)}
            {...form.register('time')}
          />
        )}
      </Field>
      <Field
        id="edit-notes"
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
      <SaveCancel pending={update.isPending} saveLabel={t`Save changes`} onCancel={onCancel} />
    </form>
  );
}
