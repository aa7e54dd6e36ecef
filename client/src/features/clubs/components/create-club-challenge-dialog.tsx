import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  addDays,
  CLUB_CHALLENGE_DAYS_MAX,
  clubChallengeDayErrors,
  createClubChallengeSchema,
  targetRangeOf,
  type ClubChallenge,
} from '@common/schemas/club-challenges';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { openChallengeById, servedOpenChallenges } from '@/lib/challenges';
import { sayShared } from '@/lib/i18n';
import { useCreateClubChallenge } from '../api/create-club-challenge';

const FIELDS = ['challenge', 'startDate', 'endDate', 'target'] as const;
type FieldName = (typeof FIELDS)[number];

// The form keeps the target as typed; the request's schema (common/schemas/club-challenges.ts)
// checks the rest, and the target's range is the chosen challenge's.
const formSchema = z
  .object({ challenge: z.string(), startDate: z.string(), endDate: z.string(), target: z.string() })
  .superRefine((v, ctx) => {
    const target = v.target.trim() === '' ? null : Number(v.target);
    const parsed = createClubChallengeSchema.safeParse({ ...v, target });
    const days = clubChallengeDayErrors(v);
    for (const [name, message] of Object.entries(days))
      ctx.addIssue({ code: 'custom', path: [name], message });
    for (const issue of parsed.error?.issues ?? [])
      if (!(issue.path[0] === 'startDate' || issue.path[0] === 'endDate'))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const entry = openChallengeById(v.challenge);
    if (entry && target !== null && Number.isInteger(target)) {
      const range = targetRangeOf(entry.scoring);
      if (target < range.min || target > range.max) {
        const { min, max } = range;
        const unit = sayShared(range.unit)!;
        ctx.addIssue({
          code: 'custom',
          path: ['target'],
          message: t`The target must be from ${min} to ${max} ${unit}`,
        });
      }
    }
  });
type FormValues = z.infer<typeof formSchema>;

/** The target field's hint: "1 to 300 push-ups." */
function rangeHint(range: { min: number; max: number; unit: string }): string {
  const { min, max } = range;
  const unit = sayShared(range.unit)!;
  return t`${min} to ${max} ${unit}.`;
}

function CreateForm({ slug, onCreated }: { slug: string; onCreated: (c: ClubChallenge) => void }) {
  const open = servedOpenChallenges();
  const today = format(new Date(), 'yyyy-MM-dd');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      challenge: open[0]?.id ?? '',
      startDate: today,
      endDate: addDays(today, 6),
      target: '',
    },
  });
  const { errors } = form.formState;
  const chosen = openChallengeById(useWatch({ control: form.control, name: 'challenge' }));
  const range = chosen ? targetRangeOf(chosen.scoring) : null;
  const daysMax = CLUB_CHALLENGE_DAYS_MAX;
  const mutation = useCreateClubChallenge();
  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(
      { slug, body: { ...v, target: v.target.trim() === '' ? null : Number(v.target) } },
      {
        onSuccess: onCreated,
        // The server's message per field goes under the field; anything else above the button.
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : undefined;
          for (const [name, messages] of Object.entries(fields ?? {}))
            if ((FIELDS as readonly string[]).includes(name))
              form.setError(name as FieldName, { message: messages[0] });
          if (!fields) form.setError('root', { message: error.message.replace(/^\d+: /, '') });
        },
      },
    ),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <Field id="cc-challenge" label={t`Challenge`} error={sayShared(errors.challenge?.message)}>
        {(control) => (
          <NativeSelect {...control} {...form.register('challenge')}>
            {open.map((c) => (
              <option key={c.id} value={c.id}>
                {sayShared(c.title)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="cc-start"
          type="date"
          label={t`First day`}
          error={sayShared(errors.startDate?.message)}
          {...form.register('startDate')}
        />
        <FormField
          id="cc-end"
          type="date"
          label={t`Last day`}
          error={sayShared(errors.endDate?.message)}
          hint={t`Up to ${daysMax} days.`}
          {...form.register('endDate')}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {t`Each member takes part on these days in their own time zone, from midnight to midnight.`}
      </p>
      <FormField
        id="cc-target"
        inputMode="numeric"
        label={t`Target (optional)`}
        autoComplete="off"
        error={sayShared(errors.target?.message)}
        hint={range ? rangeHint(range) : undefined}
        {...form.register('target')}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <DialogFooter>
        <SubmitButton pending={mutation.isPending} pendingLabel={t`Setting the challenge`}>
          {t`Set challenge`}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** The admins' New challenge button and its dialog. */
export function CreateClubChallengeDialog({
  slug,
  onCreated,
}: {
  slug: string;
  onCreated?: (c: ClubChallenge) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus aria-hidden="true" />
          {t`New challenge`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`New club challenge`}</DialogTitle>
          <DialogDescription>
            {t`Every member of the club takes part, members who join later too. Each is ranked by their best set in it.`}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CreateForm
            slug={slug}
            onCreated={(c) => {
              setOpen(false);
              onCreated?.(c);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
