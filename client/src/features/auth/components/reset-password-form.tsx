import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { resetFormSchema, type ResetForm } from '@common/schemas/recovery';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useCompletePasswordReset } from '../api/complete-password-reset';

/**
 * A new password, twice, for the account of a reset link. A link that no longer works is said
 * above the form (`onLinkRefused`), a refused password under its field.
 */
export function ResetPasswordForm({
  token,
  onSuccess,
  onLinkRefused,
}: {
  token: string;
  onSuccess: () => void;
  onLinkRefused: (message: string) => void;
}) {
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useCompletePasswordReset({
    onSuccess: () => {
      toast({
        title: 'Password changed',
        description: 'You are signed in. Your other devices were signed out.',
      });
      onSuccess();
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      if (fieldErrors?.password?.[0])
        form.setError('password', { message: fieldErrors.password[0] }, { shouldFocus: true });
      else if (fieldErrors?.token?.[0]) onLinkRefused(fieldErrors.token[0]);
      else
        toast({
          title: 'Password not changed',
          description: error.message,
          variant: 'destructive',
        });
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ password }) => mutation.mutate({ token, password }))}
    >
      <FormField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={sayShared(errors.password?.message)}
        {...form.register('password')}
      />
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={sayShared(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      <SubmitButton size="lg" pending={mutation.isPending} pendingLabel="Saving password">
        Save password and sign in
      </SubmitButton>
    </form>
  );
}
