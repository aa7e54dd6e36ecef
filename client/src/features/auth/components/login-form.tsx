import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '@common/schemas/auth';
import { SubmitButton } from '@/components/ui/submit-button';
import { useLogin } from '../api/login';
import { FormField } from '@/components/ui/form-field';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  // Validate on submit, then again on each change (react-hook-form's defaults, stated).
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
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
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton size="lg" pending={loginMutation.isPending} pendingLabel="Signing in">
        Login
      </SubmitButton>
    </form>
  );
}
