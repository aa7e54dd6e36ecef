import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@common/schemas/auth';
import { renderWithApp, signUp } from '@/test/render';
import { PrivacySettings } from './privacy-settings';

async function me(): Promise<User> {
  return (await (await fetch('/api/user', { credentials: 'include' })).json()) as User;
}

describe('PrivacySettings', () => {
  it('proof clips are not public by default; the switch saves the choice on the server', async () => {
    await signUp();
    const user = await me();
    expect(user.clipsPublic).toBe(false);
    const { user: u } = renderWithApp(<PrivacySettings user={user} />);
    const clips = screen.getByRole('switch', { name: 'Anyone may watch my proof clips' });
    expect(clips).toHaveAttribute('aria-checked', 'false');
    expect(clips).toHaveAccessibleDescription(/only you and moderators can watch it/);
    await u.click(clips);
    expect(await screen.findByText('Privacy updated')).toBeInTheDocument();
    expect((await me()).clipsPublic).toBe(true);
  });
});
