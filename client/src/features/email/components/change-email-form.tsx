import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { useForm } from 'react-hook-form';
import { changeEmailSchema, type ChangeEmailInput } from '@common/schemas/recovery';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useChangeEmail } from '../api/change-email';
import { figure, withFigures } from '../utils/with-figures';

const FIELDS = ['email', 'password'] as const;

/** A new address and the password; the address changes once the link sent to it is followed. */
export function ChangeEmailForm({ current }: { current: string }) {
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const mutation = useChangeEmail();
  const { errors } = form.formState;
  const address = figure(0);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values, {
          onSuccess: () => form.reset(),
          onError: (error) => {
            const fieldErrors = error instanceof ApiError ? error.errors : undefined;
            const field = FIELDS.find((f) => fieldErrors?.[f]?.[0]);
            if (field)
              form.setError(field, { message: fieldErrors![field]![0] }, { shouldFocus: true });
            else
              toast({
                title: t`Address not changed`,
                description: error.message,
                variant: 'destructive',
              });
          },
        }),
      )}
    >
      <p className="text-sm text-muted-foreground">
        {withFigures(t`Now: ${address}`, [
          <span key="address" className="font-semibold text-foreground [overflow-wrap:anywhere]">
            {current}
          </span>,
        ])}
      </p>
      {mutation.isSuccess ? (
        <p role="status" className="rounded-xl bg-accent p-3 text-sm font-semibold">
          {mutation.data.message}
        </p>
      ) : null}
      <FormField
        id="change-email-address"
        label={t`New email address`}
        type="email"
        autoComplete="email"
        error={sayShared(errors.email?.message)}
        {...form.register('email')}
      />
      <FormField
        id="change-email-password"
        label={t`Your password`}
        type="password"
        autoComplete="current-password"
        error={sayShared(errors.password?.message)}
        {...form.register('password')}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel={t`Sending link`}>
        {t`Change email`}
      </SubmitButton>
    </form>
  );
}
