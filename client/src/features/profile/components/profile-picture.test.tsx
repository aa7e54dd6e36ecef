import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STOCK_AVATARS } from '@common/avatars';
import type { User } from '@common/schemas/auth';
import { renderWithApp, signUp } from '@/test/render';
import { EditProfileDialog } from './edit-profile-dialog';

// The picture part of Edit Profile (../hooks/use-profile-picture.ts, ./profile-picture.tsx),
// through the dialog and the real API.

async function me(): Promise<User> {
  return (await (await fetch('/api/user', { credentials: 'include' })).json()) as User;
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Profile' });

async function openDialog(user: User) {
  const rendered = renderWithApp(<EditProfileDialog user={user} weeklyGoal={3} />);
  await rendered.user.click(screen.getByRole('button', { name: 'Edit Profile' }));
  return rendered;
}

async function save(rendered: Awaited<ReturnType<typeof openDialog>>) {
  await rendered.user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('Edit Profile picture', () => {
  it('saves a stock avatar, opens on it next time, and Remove picture clears it', async () => {
    await signUp();
    const avatar = STOCK_AVATARS[1]!;
    const first = await openDialog(await me());
    await first.user.click(within(dialog()).getByRole('tab', { name: 'Stock' }));
    await first.user.click(within(dialog()).getByRole('radio', { name: avatar.label }));
    await save(first);
    expect((await me()).profilePicture).toBe(avatar.url);
    first.unmount();

    const second = await openDialog(await me());
    expect(within(dialog()).getByRole('radio', { name: avatar.label })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await second.user.click(within(dialog()).getByRole('button', { name: 'Remove picture' }));
    expect(
      within(dialog()).getByText('Your picture will be removed when you save.'),
    ).toBeInTheDocument();
    await save(second);
    expect((await me()).profilePicture).toBeNull();
  });

  it('Keep my picture undoes Remove picture: the saved picture stays', async () => {
    await signUp();
    const avatar = STOCK_AVATARS[2]!;
    const first = await openDialog(await me());
    await first.user.click(within(dialog()).getByRole('tab', { name: 'Stock' }));
    await first.user.click(within(dialog()).getByRole('radio', { name: avatar.label }));
    await save(first);
    first.unmount();

    const second = await openDialog(await me());
    await second.user.click(within(dialog()).getByRole('button', { name: 'Remove picture' }));
    await second.user.click(within(dialog()).getByRole('button', { name: 'Keep my picture' }));
    expect(within(dialog()).getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
    await save(second);
    expect((await me()).profilePicture).toBe(avatar.url);
  });

  it('refuses a picture link that is not https:// under the field and keeps the profile', async () => {
    await signUp();
    const { user: u } = await openDialog(await me());
    await u.type(within(dialog()).getByLabelText('Picture URL'), 'http://example.com/me.png');
    await u.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() =>
      expect(within(dialog()).getByLabelText('Picture URL')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect((await me()).profilePicture).toBeNull();
  });
});
