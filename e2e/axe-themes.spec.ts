import type { Browser, Locator, Page } from '@playwright/test';
import { addWorkout, expect, registerUser, test, type TestUser } from './fixtures';
import { axeScreen, type Theme } from './support/axe-themes';

// Every screen of the app (and the states a member meets on it: the run, the count entry, the
// dialogs) read by axe in the dark and the light theme, as the system setting picks them
// (docs/decisions/0095-dark-mode.md), and photographed (e2e/support/axe-themes.ts). The
// challenges beyond push-ups: e2e/axe-themes-challenges.spec.ts.

interface Screen {
  name: string;
  url: (user: TestUser, other: TestUser) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
  /** What to do on the screen before axe reads it (open a dialog, a filter). */
  then?: (page: Page) => Promise<void>;
}

const MEMBER_SCREENS: Screen[] = [
  {
    name: 'catalogue',
    url: () => '/',
    ready: (p) => p.getByRole('link', { name: 'Start Challenge' }),
  },
  {
    name: 'challenge-home',
    url: () => '/90second',
    ready: (p) => p.getByRole('progressbar', { name: 'Weekly goal' }),
  },
  {
    name: 'leaderboard',
    url: () => '/90second/leaderboard',
    ready: (p) => p.getByTestId('leaderboard-own-row'),
  },
  {
    name: 'leaderboard-week-filtered',
    url: () => '/90second/leaderboard?period=week&gender=female',
    ready: (p) => p.getByText(/Nobody in this group yet this week|overall/).first(),
  },
  {
    name: 'profile',
    url: () => '/profile',
    ready: (p) => p.getByRole('link', { name: 'See All Challenges' }),
  },
  {
    name: 'stats-history',
    url: () => '/profile/pushup-90',
    ready: (p) => p.getByTestId('workout-row').first(),
  },
  {
    name: 'workout-detail-dialog',
    url: () => '/profile/pushup-90',
    ready: (p) => p.getByTestId('workout-row').first(),
    then: async (p) => {
      await p.getByTestId('workout-row').first().click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'own-public-profile',
    url: (u) => `/90second/users/${u.username}`,
    ready: (p) => p.getByRole('heading', { name: 'Recent Activity' }),
  },
  {
    name: 'other-public-profile',
    url: (_u, o) => `/90second/users/${o.username}`,
    ready: (p) => p.getByRole('heading', { name: 'Recent Activity' }),
  },
  {
    name: 'settings',
    url: () => '/profile/settings',
    ready: (p) => p.getByRole('radio', { name: 'System' }),
  },
  {
    name: 'log-workout',
    url: () => '/90second/log-workout',
    ready: (p) => p.getByRole('heading', { name: 'Log Workout' }),
  },
  {
    name: 'log-workout-error',
    url: () => '/90second/log-workout',
    ready: (p) => p.getByRole('heading', { name: 'Log Workout' }),
    then: async (p) => {
      await p.getByLabel('Push-ups', { exact: true }).fill('999');
      await p.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(p.locator('main [aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'timer-beat',
    url: () => '/90second/timer?beat=30&from=alex',
    ready: (p) => p.getByRole('button', { name: 'Start' }),
  },
  {
    name: 'not-found',
    url: () => '/no-such-page',
    ready: (p) => p.getByRole('heading', { name: '404 Page Not Found' }),
  },
];

const VISITOR_SCREENS: Screen[] = [
  {
    name: 'visitor-catalogue',
    url: () => '/',
    ready: (p) => p.getByRole('link', { name: 'Try Challenge' }),
  },
  { name: 'auth-login', url: () => '/auth', ready: (p) => p.getByRole('tab', { name: 'Login' }) },
  {
    name: 'auth-register-errors',
    url: () => '/auth',
    ready: (p) => p.getByRole('tab', { name: 'Register' }),
    then: async (p) => {
      await p.getByRole('tab', { name: 'Register' }).click();
      await p.getByRole('tabpanel').getByRole('button', { name: 'Create account' }).click();
      await expect(p.getByRole('tabpanel').locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'auth-beat-link',
    url: () => `/auth?next=${encodeURIComponent('/90second/timer?beat=30&from=alex')}`,
    ready: (p) => p.getByText(/alex/).first(),
  },
  {
    name: 'visitor-challenge-home',
    url: () => '/90second',
    ready: (p) => p.getByRole('heading', { name: '90 Second Push-up Challenge' }),
  },
  {
    name: 'visitor-leaderboard',
    url: () => '/90second/leaderboard',
    ready: (p) => p.getByRole('heading', { name: /Leaderboard/ }),
  },
  {
    name: 'visitor-public-profile',
    url: (_u, o) => `/90second/users/${o.username}`,
    ready: (p) => p.getByRole('heading', { name: 'Recent Activity' }),
  },
  {
    name: 'reset-password',
    url: () => '/reset-password',
    ready: (p) => p.getByRole('heading').first(),
  },
  {
    name: 'confirm-email',
    url: () => '/confirm-email',
    ready: (p) => p.getByRole('heading').first(),
  },
  {
    name: 'visitor-not-found',
    url: () => '/no-such-page',
    ready: (p) => p.getByRole('heading', { name: '404 Page Not Found' }),
  },
];

async function visit(page: Page, theme: Theme, screen: Screen, user: TestUser, other: TestUser) {
  await page.goto(screen.url(user, other));
  await expect(screen.ready(page), screen.name).toBeVisible({ timeout: 15_000 });
  await screen.then?.(page);
  await axeScreen(page, theme, screen.name);
}

async function themedContext(browser: Browser, theme: Theme, page: Page) {
  const context = await browser.newContext({
    colorScheme: theme,
    viewport: page.viewportSize() ?? undefined,
  });
  return { context, page: await context.newPage() };
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe on every screen in the ${theme} theme`, () => {
    // Some twenty axe runs on a loaded 2-core machine.
    test.describe.configure({ timeout: 300_000 });

    test('a member’s screens and dialogs', async ({ page, user, browser }) => {
      await page.emulateMedia({ colorScheme: theme });
      const request = page.context().request;
      for (const n of [24, 31, 28]) await addWorkout(request, { pushups: n, notes: 'Felt strong' });
      // Another member with sets of their own, for a public profile and a fuller board.
      const others = await themedContext(browser, theme, page);
      try {
        const other = await registerUser(others.context.request);
        await addWorkout(others.context.request, { pushups: 40 });
        for (const screen of MEMBER_SCREENS) await visit(page, theme, screen, user, other);
      } finally {
        await others.context.close();
      }
    });

    test('a visitor’s screens', async ({ page, browser }) => {
      await page.emulateMedia({ colorScheme: theme });
      // A member with sets, for the boards and a public profile.
      const member = await themedContext(browser, theme, page);
      try {
        const other = await registerUser(member.context.request);
        await addWorkout(member.context.request, { pushups: 40 });
        for (const screen of VISITOR_SCREENS) await visit(page, theme, screen, other, other);
      } finally {
        await member.context.close();
      }
    });

    test('the timer: idle, the run, the discard question, the count entry and Workout Saved', async ({
      page,
      user: _user,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.clock.install();
      await page.goto('/90second/timer');
      await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
      const now = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(now + 3000);
      // axe waits on timers: the clock flows while it reads, and is paused again after.
      const axe = async (name: string) => {
        await page.clock.resume();
        await axeScreen(page, theme, name);
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      };
      await axe('timer-idle');

      await page.getByRole('button', { name: 'Start' }).click();
      await expect(page.getByTestId('ready-step')).toHaveText('3');
      await page.clock.runFor(2400);
      await expect(page.getByTestId('timer-clock')).toHaveText('1:30');
      for (let i = 0; i < 3; i++) await page.getByTestId('tap-area').click();
      await page.clock.runFor(15_000);
      await expect(page.getByTestId('cue-message')).toBeVisible();
      await axe('timer-running');

      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Discard this workout?' })).toBeVisible();
      await axe('timer-discard-dialog');
      await page.getByRole('button', { name: 'Keep going' }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      await page.clock.runFor(90_000);
      const count = page.getByLabel('How many push-ups did you complete?');
      await expect(count).toBeVisible();
      await axe('timer-count-entry');

      await page.clock.resume();
      await page.getByRole('button', { name: 'Save Workout' }).click();
      await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
      await axeScreen(page, theme, 'timer-saved');
    });
  });
}
