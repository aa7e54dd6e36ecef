import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

test.describe('visitor navigation', () => {
  test('catalogue shows a 1 s skeleton, then the five challenges with their buttons', async ({
    page,
  }) => {
    // The page records when the skeleton appears and goes, so a loaded machine that paints late
    // cannot make the check miss a skeleton that was there.
    await page.addInitScript(() => {
      const w = window as unknown as { __skeleton: { shown?: number; gone?: number } };
      w.__skeleton = {};
      new MutationObserver(() => {
        const s = w.__skeleton;
        const present = document.querySelector('[data-testid="challenge-skeleton"]') !== null;
        if (present && s.shown === undefined) s.shown = performance.now();
        if (!present && s.shown !== undefined && s.gone === undefined) s.gone = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '90 Second Push-up Challenge' })).toBeVisible();
    await expect(page.getByTestId('challenge-skeleton')).toHaveCount(0);
    const skeleton = await page.evaluate(
      () => (window as unknown as { __skeleton: { shown?: number; gone?: number } }).__skeleton,
    );
    expect(skeleton.shown).toBeDefined();
    expect(skeleton.gone! - skeleton.shown!).toBeGreaterThanOrEqual(950);
    for (const title of [
      'Nickels and Dimes',
      'Burpees or Bust',
      'The MFM Challenge',
      'Plank Till You Drop',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    const pushup = page.getByTestId('challenge-pushup-90');
    await expect(pushup.getByText('Intermediate')).toBeVisible();
    await expect(pushup.getByText('90 seconds', { exact: true })).toBeVisible();
    await expect(pushup.getByText('strength', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Coming Soon' })).toHaveCount(4);
    for (const b of await page.getByRole('button', { name: 'Coming Soon' }).all())
      await expect(b).toBeDisabled();
    await page.getByRole('link', { name: 'Try Challenge' }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2F90second%2Ftimer$/);
  });

  test('a signed-in member gets Start Challenge, which opens the timer', async ({ page, user }) => {
    await page.goto('/');
    await expect(page.getByTestId('header-profile')).toContainText(user.username);
    await page.getByRole('link', { name: 'Start Challenge' }).click();
    await expect(page).toHaveURL(/\/90second\/timer$/);
  });

  test('protected routes send a visitor to /auth, which keeps where they were going', async ({
    page,
  }) => {
    for (const path of [
      '/90second/timer',
      '/timer',
      '/log-workout',
      '/90second/log-workout',
      '/profile',
      '/90second/profile',
      '/profile/pushup-90',
      '/90second-profile',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/auth?${new URLSearchParams({ next: path })}`);
    }
  });

  test('/challenges redirects to / and unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/challenges');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('bottom navigation: visitor targets, active item and the challenge strip', async ({
    page,
  }) => {
    await page.goto('/90second');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/90second');
    await expect(nav.getByRole('link', { name: 'Rankings' })).toHaveAttribute(
      'href',
      '/90second/leaderboard',
    );
    for (const [name, next] of [
      ['Feed', '/feed'],
      ['Start', '/90second/timer'],
      ['Log', '/90second/log-workout'],
      ['Profile', '/profile'],
    ] as const)
      await expect(nav.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/auth?${new URLSearchParams({ next })}`,
      );
    await expect(page.getByTestId('challenge-strip')).toContainText('90 Second Push-up Challenge');
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('challenge-strip')).toHaveCount(0);
    await page.goto('/leaderboard');
    await expect(nav.getByRole('link', { name: 'Rankings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  test('member navigation targets', async ({ page, user: _user }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/90second/timer',
    );
    await expect(nav.getByRole('link', { name: 'Log' })).toHaveAttribute(
      'href',
      '/90second/log-workout',
    );
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
  });

  test('no serious accessibility violations on / and /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '90 Second Push-up Challenge' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('layout on a phone', () => {
  test('no screen scrolls sideways, even with a 30-character username', async ({ page }) => {
    const username = `w${Date.now().toString(36)}`.padEnd(30, 'x').slice(0, 30);
    const request = page.context().request;
    await registerUser(request, { username });
    await addWorkout(request, { pushups: 33, notes: 'n'.repeat(120) });
    for (const path of [
      '/',
      '/90second',
      '/90second/leaderboard',
      '/profile',
      '/profile/pushup-90',
      `/90second/users/${username}`,
      '/90second/timer',
      '/90second/log-workout',
    ]) {
      await page.goto(path);
      await expect(page.locator('main')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('tooltips', () => {
  test('the mute toggle explains itself in a Radix tooltip after the open delay', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/90second/timer');
    const toggle = page.getByRole('button', { name: 'Mute voice and sound' });
    await toggle.hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toHaveText(/Sound on: tap to mute/);
  });
});
