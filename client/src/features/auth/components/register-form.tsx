import { useForm } from 'react-hook-form';
import type { RegisterInput } from '@common/schemas/auth';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRegister } from '../api/register';
import { FormField } from '@/components/ui/form-field';
import { lazyResolver } from '../utils/lazy-resolver';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

// zod and the schema load on the first submit, not before the screen paints.
const resolver = lazyResolver<RegisterInput>(async () => {
  const [{ zodResolver }, { registerSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(registerSchema);
});

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm<RegisterInput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', email: '', password: '' },
  });
  const registerMutation = useRegister({ onSuccess });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => registerMutation.mutate(values))}
      className="grid gap-4"
    >
      <FormField
        id="register-username"
        label={t`Username`}
        autoComplete="username"
        autoCapitalize="none"
        error={sayShared(errors.username?.message)}
        {...form.register('username')}
      />
      <FormField
        id="register-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={sayShared(errors.email?.message)}
        {...form.register('email')}
      />
      <FormField
        id="register-password"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        error={sayShared(errors.password?.message)}
        {...form.register('password')}
      />
      <SubmitButton
        size="lg"
        pending={registerMutation.isPending}
        pendingLabel={t`Creating account`}
      >
        {t`Create account`}
      </SubmitButton>
    </form>
  );
}
