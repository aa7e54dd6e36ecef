import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, signUp } from '@/test/render';
import { DeleteAccountDialog } from './delete-account-dialog';

const dialog = () => screen.getByRole('alertdialog', { name: 'Delete your account?' });

describe('DeleteAccountDialog', () => {
  it('keeps the account when the password is wrong, saying so under the field', async () => {
    await signUp();
    const onDeleted = vi.fn();
    const { user } = renderWithApp(<DeleteAccountDialog onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(within(dialog()).getByLabelText('Your password'), 'not my password');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    const field = within(dialog()).getByLabelText('Your password');
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'), {
      timeout: 15_000,
    });
    expect(onDeleted).not.toHaveBeenCalled();
    expect((await fetch('/api/user', { credentials: 'include' })).status).toBe(200);
  });

  it('asks for the password before sending anything, and Cancel closes with the field cleared', async () => {
    const onDeleted = vi.fn();
    const { user } = renderWithApp(<DeleteAccountDialog onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog()).getByLabelText('Your password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.type(within(dialog()).getByLabelText('Your password'), 'half typed');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(within(dialog()).getByLabelText('Your password')).toHaveValue('');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes the account with the right password, then the session is gone', async () => {
    const member = await signUp();
    const onDeleted = vi.fn();
    const { user } = renderWithApp(<DeleteAccountDialog onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(within(dialog()).getByLabelText('Your password'), member.password);
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect((await fetch('/api/user', { credentials: 'include' })).status).toBe(401);
  });
});
