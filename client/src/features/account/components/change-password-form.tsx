import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { useForm } from 'react-hook-form';
import {
  changePasswordFormSchema,
  type ChangePasswordForm as FormValues,
} from '@common/schemas/account';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current, new and confirmed password; other devices are signed out on success. */
export function ChangePasswordForm() {
  const form = useForm<FormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useChangePassword({
    onSuccess: () => {
      form.reset();
      toast({
        title: t`Password changed`,
        description: t`Your other devices have been signed out.`,
      });
    },
    onError: (error) => {
      // The server's field errors (wrong current password, a too common new one) go under the field.
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      const field = FIELDS.find((f) => fieldErrors?.[f]?.[0]);
      if (field) form.setError(field, { message: fieldErrors![field]![0] }, { shouldFocus: true });
      else
        toast({
          title: t`Password not changed`,
          description: error.message,
          variant: 'destructive',
        });
    },
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
        mutation.mutate({ currentPassword, newPassword }),
      )}
    >
      <FormField
        id="password-current"
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        error={sayShared(errors.currentPassword?.message)}
        {...form.register('currentPassword')}
      />
      <FormField
        id="password-new"
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={t`At least 6 characters; not a common password, nor your username or email.`}
        error={sayShared(errors.newPassword?.message)}
        {...form.register('newPassword')}
      />
      <FormField
        id="password-confirm"
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        error={sayShared(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      <SubmitButton
        className="justify-self-start"
        pending={mutation.isPending}
        pendingLabel={t`Changing password`}
      >
        {t`Change password`}
      </SubmitButton>
    </form>
  );
}
