import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AGE_MAX,
  AGE_MIN,
  FULL_NAME_MAX,
  GENDERS,
  WEEKLY_GOAL_MAX,
  WEEKLY_GOAL_MIN,
} from '@common/constants';
import type { User } from '@common/schemas/auth';
import {
  updateProfileSchema,
  type UpdateProfileData,
  type UpdateProfileInput,
} from '@common/schemas/profile';
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
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { i18n, sayShared } from '@/lib/i18n';
import { useUpdateProfile } from '../api/update-profile';
import { useProfilePicture } from '../hooks/use-profile-picture';
import { PicturePreview, PictureSources } from './profile-picture';

export const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  'prefer-not-to-say': msg`Prefer not to say`,
};

// A blank input is left out of the payload; on submit, a blank that was set before becomes null,
// which clears it (docs/decisions/0048-account-screens.md).
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const toAge = (v: unknown) => {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  return Number(v);
};

const toGoal = (v: unknown) => (typeof v === 'string' && v !== '' ? Number(v) : undefined);
const GOAL_CHOICES = Array.from(
  { length: WEEKLY_GOAL_MAX - WEEKLY_GOAL_MIN + 1 },
  (_, i) => WEEKLY_GOAL_MIN + i,
);

interface EditProfileProps {
  user: User;
  /** The current weekly goal (from the stats); undefined while unknown, then the goal is left as it is. */
  weeklyGoal?: number;
  /** Called after a successful save, e.g. to refresh what shows the goal. */
  onSaved?: () => void;
}

function EditProfileForm({
  user,
  weeklyGoal,
  onSaved,
  onDone,
}: EditProfileProps & { onDone: () => void }) {
  const form = useForm<UpdateProfileInput, unknown, UpdateProfileData>({
    resolver: zodResolver(updateProfileSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      fullName: user.fullName ?? '',
      age: user.age ?? undefined,
      gender: (GENDERS as readonly string[]).includes(user.gender ?? '')
        ? (user.gender as UpdateProfileInput['gender'])
        : undefined,
      profilePicture: undefined,
      weeklyGoal,
    },
  });
  const { errors } = form.formState;
  // The dialog may open before the stats (which carry the goal) arrive: once they do, the select
  // shows the saved goal unless the member already picked one.
  useEffect(() => {
    if (weeklyGoal !== undefined && !form.getFieldState('weeklyGoal').isDirty) {
      form.resetField('weeklyGoal', { defaultValue: weeklyGoal });
    }
  }, [weeklyGoal, form]);
  const picture = useProfilePicture(form, user.profilePicture);

  const mutation = useUpdateProfile({
    onSuccess: () => {
      toast({ title: t`Profile updated`, description: t`Your changes are saved.` });
      onSaved?.();
      onDone();
    },
    onError: (error) =>
      toast({ title: t`Update failed`, description: error.message, variant: 'destructive' }),
  });

  const onSubmit = form.handleSubmit((values) => {
    const pictureProblem = picture.submitProblem(values.profilePicture);
    if (pictureProblem) {
      form.setError('profilePicture', { message: pictureProblem });
      return;
    }
    picture.camera.stop();
    mutation.mutate({
      ...values,
      age: values.age === undefined && user.age !== null ? null : values.age,
      gender: values.gender === undefined && user.gender !== null ? null : values.gender,
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <PicturePreview picture={picture} />

      <FormField
        id="profile-full-name"
        label={t`Full name`}
        autoComplete="name"
        maxLength={FULL_NAME_MAX}
        error={sayShared(errors.fullName?.message)}
        {...form.register('fullName')}
      />

      <div className="grid grid-cols-2 gap-3">
        <FormField
          id="profile-age"
          label={t`Age`}
          type="number"
          inputMode="numeric"
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          error={sayShared(errors.age?.message)}
          {...form.register('age', { setValueAs: toAge })}
        />
        <Field id="profile-gender" label={t`Gender`} error={sayShared(errors.gender?.message)}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('gender', { setValueAs: blankToUndefined })}
            >
              <option value="">{t`Not set`}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {i18n._(GENDER_LABELS[g])}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>

      <Field
        id="profile-weekly-goal"
        label={t`Weekly goal`}
        error={sayShared(errors.weeklyGoal?.message)}
        hint={t`A session is a day with at least one set, of any challenge. Shown on your challenge home with your streak of weeks. Only you see it.`}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('weeklyGoal', { setValueAs: toGoal })}>
            {weeklyGoal === undefined ? <option value="">{t`Keep my current goal`}</option> : null}
            {GOAL_CHOICES.map((n) => (
              <option key={n} value={n}>
                {plural(n, { one: '# session a week', other: '# sessions a week' })}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <PictureSources picture={picture} error={sayShared(errors.profilePicture?.message)} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t`Cancel`}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label={t`Saving`} /> : null}
          {t`Save Changes`}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit Profile: full name, age, gender, weekly goal and a picture from a URL, the camera or the stock set. */
export function EditProfileDialog({ user, weeklyGoal, onSaved }: EditProfileProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <Pencil aria-hidden="true" />
          {t`Edit Profile`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Edit Profile`}</DialogTitle>
          <DialogDescription>
            {t`All fields are optional; empty a field to remove it. Your name, picture, age and gender show on your public profile and the leaderboards (Settings can hide them).`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the saved profile, and closing stops the camera. */}
        <EditProfileForm
          user={user}
          weeklyGoal={weeklyGoal}
          onSaved={onSaved}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
