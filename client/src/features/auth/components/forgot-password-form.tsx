import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { RequestResetInput } from '@common/schemas/recovery';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { lazyResolver } from '../utils/lazy-resolver';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

// Zod and the schema load on the first submit, as the sign-in form's do: this form is part of
// /auth's first script (docs/decisions/0171-landing-page-js.md).
const resolver = lazyResolver<RequestResetInput>(async () => {
  const [{ zodResolver }, { requestResetSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/recovery'),
  ]);
  return zodResolver(requestResetSchema);
});

/** The email of a forgotten password's account; the answer never says whether it has one. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<RequestResetInput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const mutation = useRequestPasswordReset();
  const { errors } = form.formState;
  if (mutation.isSuccess) {
    return (
      <div className="grid gap-4">
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-accent p-3 text-sm font-semibold"
        >
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {mutation.data.message}
        </p>
        <p className="text-sm text-muted-foreground">
          {t`The link works for 30 minutes. No message? Look in your spam folder, or ask again.`}
        </p>
        <Button type="button" variant="outline" onClick={onBack}>
          {t`Back to sign in`}
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-labelledby="forgot-heading"
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values, {
          onError: (error) => {
            const message = error instanceof ApiError ? error.errors?.email?.[0] : undefined;
            if (message) form.setError('email', { message }, { shouldFocus: true });
            else
              toast({ title: t`No link sent`, description: error.message, variant: 'destructive' });
          },
        }),
      )}
      className="grid gap-4"
    >
      <h2 id="forgot-heading" className="text-lg font-bold">
        {t`Reset your password`}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t`Enter the email address of your account and we will send you a link to choose a new password.`}
      </p>
      <FormField
        id="forgot-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={sayShared(errors.email?.message)}
        {...form.register('email')}
      />
      <SubmitButton size="lg" pending={mutation.isPending} pendingLabel={t`Sending link`}>
        {t`Send link`}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t`Back to sign in`}
      </Button>
    </form>
  );
}
