import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { openChallengeById } from '@/lib/challenges';
import { renderWithApp, signUp } from '@/test/render';
import { emptyFollowingText, Leaderboard } from './leaderboard';

const pushups = () => openChallengeById(DEFAULT_CHALLENGE)!;

describe('the board scope: Everyone / Following', () => {
  it('offers Following to a member, kept in the address with the period and filters', async () => {
    const me = await signUp();
    const { user, history } = renderWithApp(
      <Leaderboard challenge={pushups()} viewerUsername={me.username} />,
      { path: '/leaderboard?period=week&gender=female' },
    );
    const everyone = screen.getByRole('radio', { name: 'Everyone' });
    expect(everyone).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Following' }));
    expect(history.at(-1)).toBe('/leaderboard?period=week&gender=female&scope=following');
    // Nobody followed, no set yet: the empty state says what to do.
    expect(await screen.findByText(emptyFollowingText())).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(history.at(-1)).toBe('/leaderboard?period=week&gender=female');
  });

  it("shows a visitor everyone's board, whatever the address says", async () => {
    renderWithApp(<Leaderboard challenge={pushups()} viewerUsername={null} />, {
      path: '/leaderboard?scope=following',
    });
    expect(screen.queryByRole('radio', { name: 'Following' })).toBeNull();
    expect(screen.queryByText(emptyFollowingText())).toBeNull();
  });
});
