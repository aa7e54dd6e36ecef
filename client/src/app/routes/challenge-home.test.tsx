import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { serveChallenges, THREE_OPEN } from '@/test/served-challenges';
import ChallengeHomeRoute from './challenge-home';

/**
 * Today's leaders have answered (a test that ends earlier cuts the request off): the empty line,
 * the error line, or the list itself (other test files share the API server and save sets today).
 * Generous: CI runs these beside the API suites.
 */
const leadersAnswered = () =>
  waitFor(
    () =>
      expect(
        screen.queryByText(/No entries for this time period yet|Could not load today/) ??
          screen.queryByRole('list', { name: "Today's leaders" }),
      ).not.toBeNull(),
    { timeout: 50_000 },
  );
const SLOW = 60_000;

describe('ChallengeHomeRoute', () => {
  it('as shipped, says Coming Soon on the burpee home and offers the push-up challenge', async () => {
    renderWithApp(<ChallengeHomeRoute />, { path: '/burpees-or-bust' });
    expect(screen.getByRole('heading', { level: 1, name: 'Burpees or Bust' })).toBeInTheDocument();
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Go to the 90 Second Push-up Challenge' }),
    ).toHaveAttribute('href', '/90second');
    expect(screen.queryByRole('link', { name: 'Start Timer' })).toBeNull();
  });

  it(
    'with burpees open, is the burpee home: its timer, log and board',
    async () => {
      serveChallenges(THREE_OPEN);
      renderWithApp(<ChallengeHomeRoute />, { path: '/burpees-or-bust' });
      expect(
        screen.getByRole('heading', { level: 1, name: 'Burpees or Bust' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Coming Soon')).toBeNull();
      expect(screen.getByRole('link', { name: 'Start Timer' })).toHaveAttribute(
        'href',
        '/burpees-or-bust/timer',
      );
      expect(screen.getByRole('link', { name: 'Log Workout' })).toHaveAttribute(
        'href',
        '/burpees-or-bust/log-workout',
      );
      expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute(
        'href',
        '/burpees-or-bust/leaderboard',
      );
      // A visitor is asked to sign in to track holds or counts.
      expect(await screen.findByText(/Sign in to track your last count/)).toBeInTheDocument();
      await leadersAnswered();
    },
    SLOW,
  );

  it(
    'with the plank open, speaks of holds',
    async () => {
      serveChallenges(THREE_OPEN);
      renderWithApp(<ChallengeHomeRoute />, { path: '/plank-drop' });
      expect(
        screen.getByRole('heading', { level: 1, name: 'Plank Till You Drop' }),
      ).toBeInTheDocument();
      expect(await screen.findByText(/Sign in to track your last hold/)).toBeInTheDocument();
      expect(document.title).toContain('Plank Till You Drop');
      await leadersAnswered();
    },
    SLOW,
  );

  it(
    'is the push-up home at /dashboard',
    async () => {
      serveChallenges(THREE_OPEN);
      renderWithApp(<ChallengeHomeRoute />, { path: '/dashboard' });
      expect(
        screen.getByRole('heading', { level: 1, name: '90 Second Push-up Challenge' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Start Timer' })).toHaveAttribute(
        'href',
        '/90second/timer',
      );
      await leadersAnswered();
    },
    SLOW,
  );
});
