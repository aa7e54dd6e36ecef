import { zodResolver } from '@hookform/resolvers/zod';
import { format, subDays } from 'date-fns';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CUSTOM_TIME_MAX_DAYS, NOTES_MAX } from '@common/constants';
import {
  notesSchema,
  pushupsSchema,
  workoutTimeError,
} from '@common/schemas/workouts';
import { SaveCancel } from './save-cancel';
import { Field } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useCreateWorkout, type SaveOutcome } from '../api/create-workout';
import { invalidCountToast } from './count-entry';
import { CountStepper } from './count-stepper';

// The form's fields; the save body is built from them with the common schema's rules (docs/product.md#workout-fields, docs/product.md#custom-time).
const logWorkoutFormSchema = z
  .object({
    pushups: pushupsSchema,
    when: z.enum(['now', 'custom']),
    customTime: z.string(),
    notes: notesSchema,
  })
  .superRefine((v, ctx) => {
    if (v.when !== 'custom') return;
    if (!v.customTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['customTime'],
        message: 'Choose the date and time of the workout',
      });
      return;
    }
    // datetime-local has no zone: new Date() reads it as local time, as the user meant it.
    const err = workoutTimeError(new Date(v.customTime));
    if (err) ctx.addIssue({ code: 'custom', path: ['customTime'], message: err });
  });

type FormInput = z.input<typeof logWorkoutFormSchema>;
type FormOutput = z.output<typeof logWorkoutFormSchema>;

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

export function LogWorkoutForm({
  onSaved,
  onCancel,
}: {
  onSaved: (workout: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(logWorkoutFormSchema),
    defaultValues: { pushups: 0, when: 'now', customTime: '', notes: '' },
  });
  const save = useCreateWorkout({ onSuccess: onSaved });
  const when = useWatch({ control: form.control, name: 'when' });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const errors = form.formState.errors;
  const now = new Date();

  const onValid = (v: FormOutput) =>
    save.mutate({
      pushups: v.pushups,
      ...(v.notes ? { notes: v.notes } : {}),
      ...(v.when === 'custom' ? { createdAt: new Date(v.customTime).toISOString() } : {}),
    });

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={form.handleSubmit(onValid, (errs) => {
        // The count's rule is a toast (docs/product.md#validation); the other fields show their message inline.
        if (errs.pushups) invalidCountToast();
      })}
    >
      <Controller
        control={form.control}
        name="pushups"
        render={({ field }) => (
          <CountStepper
            id="log-pushups"
            label="Push-ups"
            value={field.value}
            onChange={field.onChange}
            disabled={save.isPending}
          />
        )}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">When</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['now', 'Just now'],
              ['custom', 'Custom'],
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
            label="Date and time"
            error={errors.customTime?.message}
            hint={errors.customTime ? undefined : `Up to ${CUSTOM_TIME_MAX_DAYS} days back.`}
          >
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                min={format(subDays(now, CUSTOM_TIME_MAX_DAYS), LOCAL_INPUT)}
                max={format(now, LOCAL_INPUT)}
                {...form.register('customTime')}
              />
            )}
          </Field>
        ) : null}
      </fieldset>

      <Field
        id="log-notes"
        label="Notes (optional)"
        error={errors.notes?.message}
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
            placeholder="How did it feel?"
            {...form.register('notes')}
          />
        )}
      </Field>

      <SaveCancel pending={save.isPending} saveLabel="Save" onCancel={onCancel} />
    </form>
  );
}
