import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@common/schemas/auth';
import { renderWithApp, signUp } from '@/test/render';
import { EditProfileDialog } from './edit-profile-dialog';

async function me(): Promise<User> {
  return (await (await fetch('/api/user', { credentials: 'include' })).json()) as User;
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Profile' });

describe('EditProfileDialog', () => {
  it('refuses an age out of range under the field and leaves the profile as it was', async () => {
    await signUp();
    const user = await me();
    const onSaved = vi.fn();
    const { user: u } = renderWithApp(
      <EditProfileDialog user={user} weeklyGoal={3} onSaved={onSaved} />,
    );
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await u.type(within(dialog()).getByLabelText('Age'), '200');
    await u.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    // The resolver judges the form asynchronously: the field is marked when its message shows.
    await waitFor(() =>
      expect(within(dialog()).getByLabelText('Age')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect((await me()).age).toBeNull();
  });

  it('saves a name and an age on the server, says so and closes', async () => {
    await signUp();
    const user = await me();
    const onSaved = vi.fn();
    const { user: u } = renderWithApp(
      <EditProfileDialog user={user} weeklyGoal={3} onSaved={onSaved} />,
    );
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await u.type(within(dialog()).getByLabelText('Full name'), '  Alex Morgan ');
    await u.type(within(dialog()).getByLabelText('Age'), '34');
    await u.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSaved).toHaveBeenCalledOnce();
    expect(await me()).toMatchObject({ fullName: 'Alex Morgan', age: 34 });
  });
});
