import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newMember, renderWithApp, signUp } from '@/test/render';
import { RegisterForm } from './register-form';

describe('RegisterForm', () => {
  it('shows each rule under its field and sends nothing while one fails', async () => {
    const onSuccess = vi.fn();
    const { user } = renderWithApp(<RegisterForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Username'), 'a b');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // The rules load on the first submit (features/auth/utils/lazy-resolver.ts): shown once they have.
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true'),
    );
    for (const label of ['Username', 'Email', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const message = document.getElementById(
        field.getAttribute('aria-describedby')!.split(' ')[0]!,
      );
      expect(message?.textContent).toBeTruthy();
    }
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('creates the account on the server, says welcome and hands over the member', async () => {
    const onSuccess = vi.fn();
    const { user, queryClient } = renderWithApp(<RegisterForm onSuccess={onSuccess} />);
    const member = newMember();
    await user.type(screen.getByLabelText('Username'), member.username);
    await user.type(screen.getByLabelText('Email'), member.email);
    await user.type(screen.getByLabelText('Password'), member.password);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ username: member.username }));
    expect(queryClient.getQueryData(['user'])).toMatchObject({
      username: member.username,
      email: member.email,
    });
  });

  it("shows the server's refusal of a taken name as a toast, and keeps what was typed", async () => {
    const taken = await signUp();
    const { user } = renderWithApp(<RegisterForm onSuccess={() => undefined} />);
    await user.type(screen.getByLabelText('Username'), taken.username.toUpperCase());
    await user.type(screen.getByLabelText('Email'), `other.${taken.email}`);
    await user.type(screen.getByLabelText('Password'), taken.password);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText(/^409: /)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue(taken.username.toUpperCase());
  });
});
