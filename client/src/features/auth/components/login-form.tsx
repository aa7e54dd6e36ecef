import { useForm } from 'react-hook-form';
import type { LoginInput } from '@common/schemas/auth';
import { SubmitButton } from '@/components/ui/submit-button';
import { useLogin } from '../api/login';
import { FormField } from '@/components/ui/form-field';
import { lazyResolver } from '../utils/lazy-resolver';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

// zod and the schema load on the first submit, not before the screen paints.
const resolver = lazyResolver<LoginInput>(async () => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(loginSchema);
});

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  // Validate on submit, then again on each change (react-hook-form's defaults, stated).
  const form = useForm<LoginInput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { username: '', password: '' },
  });
  const loginMutation = useLogin({ onSuccess });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
      className="grid gap-4"
    >
      <FormField
        id="login-username"
        label={t`Username`}
        autoComplete="username"
        autoCapitalize="none"
        error={sayShared(errors.username?.message)}
        {...form.register('username')}
      />
      <FormField
        id="login-password"
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={sayShared(errors.password?.message)}
        {...form.register('password')}
      />
      <SubmitButton size="lg" pending={loginMutation.isPending} pendingLabel={t`Signing in`}>
        {t`Login`}
      </SubmitButton>
    </form>
  );
}
