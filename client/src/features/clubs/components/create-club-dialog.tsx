import { msg, t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CLUB_DESCRIPTION_MAX,
  CLUB_NAME_MAX,
  createClubSchema,
  type CreateClub,
  type CreateClubInput,
  type CreatedClub,
} from '@common/schemas/clubs';
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
import { Textarea } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { i18n, sayShared } from '@/lib/i18n';
import { useCreateClub } from '../api/create-club';

const VISIBILITY_CHOICES = [
  { value: 'public', label: msg`Public`, hint: msg`Anyone can find it and join.` },
  {
    value: 'invite',
    label: msg`Invite only`,
    hint: msg`Only people with the invite link can join.`,
  },
] as const;

function CreateClubForm({ onCreated }: { onCreated: (club: CreatedClub) => void }) {
  const form = useForm<CreateClubInput, unknown, CreateClub>({
    resolver: zodResolver(createClubSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', description: '', visibility: 'public' },
  });
  const { errors } = form.formState;
  const mutation = useCreateClub();
  const nameMax = CLUB_NAME_MAX;
  const descriptionMax = CLUB_DESCRIPTION_MAX;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onCreated,
      // The server's message per field goes under the field; anything else above the buttons.
      onError: (error) => {
        const fields = error instanceof ApiError ? error.errors : undefined;
        for (const [name, messages] of Object.entries(fields ?? {}))
          if (name === 'name' || name === 'description' || name === 'visibility')
            form.setError(name, { message: messages[0] });
        if (!fields) form.setError('root', { message: error.message.replace(/^\d+: /, '') });
      },
    }),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <FormField
        id="club-name"
        label={t`Name`}
        autoComplete="off"
        maxLength={CLUB_NAME_MAX * 2}
        error={sayShared(errors.name?.message)}
        hint={t`3 to ${nameMax} characters.`}
        {...form.register('name')}
      />
      <Field
        id="club-description"
        label={t`Description (optional)`}
        error={sayShared(errors.description?.message)}
        hint={t`Up to ${descriptionMax} characters.`}
      >
        {(control) => <Textarea rows={3} {...control} {...form.register('description')} />}
      </Field>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.visibility ? 'club-visibility-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t`Who can join`}</legend>
        {VISIBILITY_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              value={choice.value}
              className="mt-1 size-4 accent-primary"
              {...form.register('visibility')}
            />
            <span className="grid">
              <span className="font-semibold">{i18n._(choice.label)}</span>
              <span className="text-sm text-muted-foreground">{i18n._(choice.hint)}</span>
            </span>
          </label>
        ))}
        <FieldError id="club-visibility-error" message={sayShared(errors.visibility?.message)} />
      </fieldset>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <DialogFooter>
        <SubmitButton pending={mutation.isPending} pendingLabel={t`Creating the club`}>
          {t`Create club`}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** The Create club button and its dialog; `onCreated` gets the new club (with its invite code). */
export function CreateClubDialog({ onCreated }: { onCreated: (club: CreatedClub) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t`Create club`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Create a club`}</DialogTitle>
          <DialogDescription>
            {t`You will be its admin. Its board ranks its members only.`}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CreateClubForm
            onCreated={(club) => {
              setOpen(false);
              onCreated(club);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
