import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { serveChallenges, THREE_OPEN } from '@/test/served-challenges';
import { LeaderboardPage } from './leaderboard-page';

describe('LeaderboardPage', () => {
  it('names the board of the address, and links each open challenge board with the same period', () => {
    serveChallenges(THREE_OPEN);
    renderWithApp(<LeaderboardPage>board</LeaderboardPage>, {
      path: '/plank-drop/leaderboard?period=week&verified=1',
    });
    expect(screen.getByText('Plank Till You Drop · Longest hold per person')).toBeInTheDocument();
    const boards = within(screen.getByRole('navigation', { name: 'Challenge boards' }));
    expect(boards.getByRole('link', { name: 'Plank Till You Drop' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Only the push-up board has a camera-counted kind.
    expect(boards.getByRole('link', { name: '90 Second Push-up Challenge' })).toHaveAttribute(
      'href',
      '/90second/leaderboard?period=week&verified=1',
    );
    expect(boards.getByRole('link', { name: 'Burpees or Bust' })).toHaveAttribute(
      'href',
      '/burpees-or-bust/leaderboard?period=week',
    );
    expect(document.title).toContain('Plank Till You Drop leaderboard');
  });

  it('says what a burpee board ranks', () => {
    serveChallenges(THREE_OPEN);
    renderWithApp(<LeaderboardPage>board</LeaderboardPage>, {
      path: '/burpees-or-bust/leaderboard',
    });
    expect(screen.getByText('Burpees or Bust · Best 2-minute set per person')).toBeInTheDocument();
  });

  it('is the push-up board as shipped, without a switcher', () => {
    renderWithApp(<LeaderboardPage>board</LeaderboardPage>, { path: '/leaderboard' });
    expect(screen.getByText('Best 90-second set per person')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Challenge boards' })).toBeNull();
  });
});
