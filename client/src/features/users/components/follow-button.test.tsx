import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FollowEntry } from '@common/schemas/follows';
import { renderWithApp, signUp } from '@/test/render';
import { PublicProfile } from './public-profile';

describe('Follow on a public profile', () => {
  it('follows and unfollows, with the counts, against the real API', async () => {
    const star = await signUp();
    const fan = await signUp(); // the page's cookie is the fan's from here on
    const { user } = renderWithApp(
      <PublicProfile
        username={star.username}
        viewerUsername={fan.username}
        renderWorkouts={() => null}
      />,
    );
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('follow-counts')).toHaveTextContent('0 followers · 0 following');
    await user.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(screen.getByTestId('follow-counts')).toHaveTextContent('1 follower · 0 following'),
    );
    const mine = (await (
      await fetch('/api/following', { credentials: 'include' })
    ).json()) as FollowEntry[];
    expect(mine.map((f) => f.username)).toEqual([star.username]);
    await user.click(following);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() =>
      expect(screen.getByTestId('follow-counts')).toHaveTextContent('0 followers · 0 following'),
    );
  });

  it("has no button on one's own profile", async () => {
    const me = await signUp();
    renderWithApp(
      <PublicProfile
        username={me.username}
        viewerUsername={me.username}
        renderWorkouts={() => null}
      />,
    );
    expect(await screen.findByTestId('follow-counts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });
});
