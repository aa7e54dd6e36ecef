import type { Locator, Page } from '@playwright/test';
import { axeScreen } from './support/axe-themes';
import { addChallengeWorkout, expect, test } from './challenges-server';

// The screens of the challenges beyond push-ups (on a server that opened them,
// e2e/challenges-server.ts) read by axe in the dark and the light theme: each challenge's home,
// timer, board, log form and stats, and the catalogue with them open. The push-up screens:
// e2e/axe-themes.spec.ts.

const SCREENS: { name: string; url: string; ready: (p: Page) => Locator }[] = [
  {
    name: 'catalogue-all-open',
    url: '/',
    ready: (p) =>
      p.getByTestId('challenge-plank-drop').getByRole('link', { name: 'Start Challenge' }),
  },
  ...(['burpees-or-bust', 'plank-drop'] as const).flatMap((c) => [
    {
      name: `${c}-home`,
      url: `/${c}`,
      ready: (p: Page) => p.getByRole('progressbar', { name: 'Weekly goal' }),
    },
    {
      name: `${c}-timer`,
      url: `/${c}/timer`,
      ready: (p: Page) => p.getByRole('button', { name: 'Start' }),
    },
    {
      name: `${c}-leaderboard`,
      url: `/${c}/leaderboard`,
      ready: (p: Page) => p.getByTestId('leaderboard-own-row'),
    },
    {
      name: `${c}-log-workout`,
      url: `/${c}/log-workout`,
      ready: (p: Page) => p.getByRole('heading', { name: 'Log Workout' }),
    },
    {
      name: `${c}-stats`,
      url: `/profile/${c}`,
      ready: (p: Page) => p.getByTestId('workout-row').first(),
    },
  ]),
];

for (const theme of ['light', 'dark'] as const) {
  test(`axe on the burpee and plank screens in the ${theme} theme`, async ({
    page,
    user: _user,
  }) => {
    // Eleven axe runs on a loaded 2-core machine.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: theme });
    const api = page.context().request;
    for (const score of [38, 42])
      await addChallengeWorkout(api, { challenge: 'burpees-or-bust', score });
    for (const score of [95, 140])
      await addChallengeWorkout(api, { challenge: 'plank-drop', score });
    for (const screen of SCREENS) {
      await page.goto(screen.url);
      await expect(screen.ready(page), screen.name).toBeVisible({ timeout: 15_000 });
      await axeScreen(page, theme, screen.name);
    }
  });
}
