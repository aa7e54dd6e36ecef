import { screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { serveChallenges } from '@/test/served-challenges';
import ChallengeStatsRoute from './challenge-stats';
import { LeaderboardPage } from './leaderboard-page';

const FIVE = ['pushup-90', 'nickels-dimes', 'burpees-or-bust', 'mfm-challenge', 'plank-drop'];

describe('the boards of the last two challenges', () => {
  it('say what they rank: the fastest finish (lower is better), then reps at the cap', () => {
    serveChallenges(FIVE);
    renderWithApp(<LeaderboardPage>board</LeaderboardPage>, { path: '/mfm-challenge/leaderboard' });
    expect(
      screen.getByText(
        'The MFM Challenge · Fastest finish per person (lower time is better), then most reps at the cap',
      ),
    ).toBeInTheDocument();
    expect(document.title).toContain('The MFM Challenge leaderboard');
  });

  it('rounds: rounds and reps', () => {
    serveChallenges(FIVE);
    renderWithApp(<LeaderboardPage>board</LeaderboardPage>, {
      path: '/nickels-dimes/leaderboard?verified=1',
    });
    expect(
      screen.getByText('Nickels and Dimes · Most rounds and reps per person'),
    ).toBeInTheDocument();
    // Neither new challenge has a Verified board: the switcher's links drop the kind for them.
    expect(screen.getByRole('link', { name: 'The MFM Challenge' })).toHaveAttribute(
      'href',
      '/mfm-challenge/leaderboard',
    );
    expect(screen.getByRole('link', { name: '90 Second Push-up Challenge' })).toHaveAttribute(
      'href',
      '/90second/leaderboard?verified=1',
    );
  });
});

describe('the stats page of the last two challenges', () => {
  const stats = (path: string) =>
    renderWithApp(
      <Route path="/profile/:challenge">
        <ChallengeStatsRoute />
      </Route>,
      { path },
    );

  it('a finish time: its own heading, reps as the total, and lower is better said', async () => {
    serveChallenges(FIVE);
    stats('/profile/mfm-challenge');
    expect(
      screen.getByRole('heading', { level: 1, name: 'The MFM Challenge Stats' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total Reps')).toBeInTheDocument();
    expect(screen.getByTestId('lower-is-better')).toHaveTextContent(
      'Lower is better: your best is your fastest finish. A run stopped by the 30:00 cap ranks below every finish, by its reps.',
    );
    await waitFor(() => expect(document.title).toContain('The MFM Challenge stats'));
  });

  it('rounds: total reps; more is better, so no such note', () => {
    serveChallenges(FIVE);
    stats('/profile/nickels-dimes');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nickels and Dimes Stats' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total Reps')).toBeInTheDocument();
    expect(screen.queryByTestId('lower-is-better')).toBeNull();
  });
});
