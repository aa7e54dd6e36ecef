import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

const noop = () => undefined;

describe('Show password on the auth forms', () => {
  const forms: [string, ReactNode, string[]][] = [
    ['login', <LoginForm key="l" onSuccess={noop} />, ['Password']],
    ['register', <RegisterForm key="r" onSuccess={noop} />, ['Password']],
    [
      'reset',
      <ResetPasswordForm key="p" token="t" onSuccess={noop} onLinkRefused={noop} />,
      ['New password', 'Confirm new password'],
    ],
  ];
  it.each(forms)(
    'the %s form shows and hides what was typed, by a named button',
    async (_name, form, labels) => {
      const { user } = renderWithApp(form);
      for (const label of labels) {
        const input = screen.getByLabelText(label);
        await user.type(input, 'typed-secret');
        expect(input).toHaveAttribute('type', 'password');
        const field = input.parentElement!;
        await user.click(within(field).getByRole('button', { name: 'Show password' }));
        expect(input).toHaveAttribute('type', 'text');
        expect(input).toHaveValue('typed-secret');
        await user.click(within(field).getByRole('button', { name: 'Hide password' }));
        expect(input).toHaveAttribute('type', 'password');
      }
    },
  );
});
