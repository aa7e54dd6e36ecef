import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { UserNotFound } from './user-not-found';

describe('UserNotFound', () => {
  it('names the member looked for, as text, and leads back to the leaderboard', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const { user, history } = renderWithApp(<UserNotFound username={name} />, { path: '/users/x' });
    expect(screen.getByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to Leaderboard' }));
    expect(history.at(-1)).toBe('/90second/leaderboard');
  });
});
