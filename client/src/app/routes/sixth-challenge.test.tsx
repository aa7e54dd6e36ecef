import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WITH_SIXTH } from '@common/testing/sixth-challenge';
import { renderWithApp, signUp } from '@/test/render';
import { serveChallenges } from '@/test/served-challenges';
import ChallengeHomeRoute from './challenge-home';
import ChallengeStatsRoute from './challenge-stats';
import LeaderboardRoute from './leaderboard';
import { LeaderboardPage } from './leaderboard-page';
import { Route } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import TimerRoute from './timer';

// A challenge is one catalogue entry (docs/decisions/0212-a-challenge-is-one-entry.md): the tests'
// sixth (common/testing/sixth-challenge.ts: an interval program, counted by taps only), given to
// the client and to the component tests' server (server/src/test/global-setup-components.ts), gets
// its home, timer, board and stats with no other file changed.

const OPEN = WITH_SIXTH.map((c) => c.id);
const SLOW = 60_000;

async function saveSet(score: number) {
  const res = await fetch('/api/workouts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: 'lunge-ladder', score }),
    credentials: 'include',
  });
  expect(res.status).toBe(201);
}

describe('a sixth challenge, declared in a test catalogue only', () => {
  // Every test signs in first: the page reads its member once (features/auth/api/get-user.ts).
  it('has its home: timer, log and board at its own addresses', async () => {
    serveChallenges(OPEN, WITH_SIXTH);
    await signUp();
    renderWithApp(<ChallengeHomeRoute />, { path: '/lunge-ladder' });
    expect(screen.getByRole('heading', { level: 1, name: 'Lunge Ladder' })).toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Timer' })).toHaveAttribute(
      'href',
      '/lunge-ladder/timer',
    );
    expect(screen.getByRole('link', { name: 'Log Workout' })).toHaveAttribute(
      'href',
      '/lunge-ladder/log-workout',
    );
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/lunge-ladder/leaderboard',
    );
    // Its requests answered before the next test (one cut off mid-way leaves the page's fetch stuck).
    await waitFor(
      () =>
        expect(
          screen.queryByText(/No entries for this time period yet|Could not load today/) ??
            screen.queryByRole('list', { name: "Today's leaders" }),
        ).not.toBeNull(),
      { timeout: 50_000 },
    );
  });

  it(
    'has its timer: its program in its words, and no camera (it declares taps only)',
    async () => {
      serveChallenges(OPEN, WITH_SIXTH);
      await signUp();
      // As RequireAuth renders it: for a member only.
      const SignedIn = () => (useUser().data ? <TimerRoute /> : null);
      renderWithApp(<SignedIn />, { path: '/lunge-ladder/timer' });
      expect(
        await screen.findByRole('heading', { name: 'Lunge Ladder timer' }, { timeout: 30_000 }),
      ).toBeInTheDocument();
      expect(screen.getByText(/10 lunges, 10 sit-ups/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Start/ })).toBeInTheDocument();
      expect(screen.queryByText(/camera/i)).toBeNull();
      await waitFor(() => expect(document.title).toContain('Lunge Ladder timer'));
    },
    SLOW,
  );

  it(
    'has its board and its stats, from the API, in its unit',
    async () => {
      serveChallenges(OPEN, WITH_SIXTH);
      const member = await signUp();
      await saveSet(47);
      renderWithApp(
        <LeaderboardPage>
          <LeaderboardRoute />
        </LeaderboardPage>,
        { path: '/lunge-ladder/leaderboard' },
      );
      expect(screen.getByText(/^Lunge Ladder · /)).toBeInTheDocument();
      const name = await screen.findByText(member.username, {}, { timeout: 50_000 });
      const row = name.closest('li') ?? name.parentElement!;
      // 47 reps of 20 a round: 2 rounds + 7; no Verified filter (it declares everyone's board only).
      expect(row.textContent).toContain('2rounds + 7');
      expect(screen.queryByRole('radio', { name: /Verified/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'has its stats page',
    async () => {
      serveChallenges(OPEN, WITH_SIXTH);
      await signUp();
      await saveSet(61);
      renderWithApp(
        <Route path="/profile/:challenge">
          <ChallengeStatsRoute />
        </Route>,
        { path: '/profile/lunge-ladder' },
      );
      expect(screen.getByRole('heading', { level: 1, name: /Lunge Ladder/ })).toBeInTheDocument();
      expect(screen.getByText('Total Reps')).toBeInTheDocument();
      // Its best in its unit: 61 reps of 20 a round.
      await waitFor(
        () => expect(document.body.textContent).toContain('Personal Best3 rounds + 1'),
        { timeout: 50_000 },
      );
    },
    SLOW,
  );
});
