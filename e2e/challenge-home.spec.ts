import {
  addWorkout,
  expect,
  expectNoA11yViolations,
  registerUser,
  test,
  uniqueName,
} from './fixtures';

test.describe('challenge home', () => {
  test('a member sees progress, today’s leaders and recent history that opens the workout dialog', async ({
    page,
    user: _user,
    playwright,
    baseURL,
  }) => {
    // A leader of today made elsewhere, with the highest possible count.
    const ctx = await playwright.request.newContext({ baseURL });
    await registerUser(ctx, { username: uniqueName('top') });
    await addWorkout(ctx, { pushups: 300 });
    await ctx.dispose();

    const api = page.context().request;
    await addWorkout(api, { pushups: 31, notes: 'first set' });
    await addWorkout(api, { pushups: 47 });
    await addWorkout(api, { pushups: 22 });
    await addWorkout(api, { pushups: 35, notes: 'latest set' });

    await page.goto('/90second');
    await expect(
      page.getByRole('heading', { level: 1, name: '90 Second Push-up Challenge' }),
    ).toBeVisible();
    const progress = page.getByRole('definition');
    await expect(page.getByRole('heading', { name: 'Your Progress' })).toBeVisible();
    await expect(progress).toHaveText(['35', '47', '4']);
    await expect(page.getByRole('term')).toHaveText([
      'Last Count',
      'Personal Best',
      'Total Workouts',
    ]);

    await expect(page.getByRole('link', { name: 'Start Timer' })).toHaveAttribute(
      'href',
      '/90second/timer',
    );
    await expect(page.getByRole('link', { name: 'Log Workout' })).toHaveAttribute(
      'href',
      '/90second/log-workout',
    );
    await expect(page.getByRole('link', { name: 'View all challenges' })).toHaveAttribute(
      'href',
      '/',
    );

    // Today's Leaders: at most three rows; 300 is the maximum, so the first row has 300 (other
    // tests may have made 300s too, so the leader made here need not be among the three).
    const leaders = page.getByRole('list', { name: "Today's leaders" });
    await expect(leaders.getByRole('listitem').first()).toContainText('300');
    expect(await leaders.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    await expect(leaders.getByRole('link').first()).toHaveAttribute('href', /^\/90second\/users\//);

    // Recent history: the three newest, a row opens the detail dialog.
    const history = page.getByTestId('workout-row');
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText('35 push-ups');
    await expect(history.first()).toContainText('latest set');
    await expectNoA11yViolations(page);
    await history.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('latest set');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.getByRole('link', { name: 'View All', exact: true }).click();
    await expect(page).toHaveURL(/\/90second\/leaderboard$/);
  });

  test('a visitor gets a sign-in prompt instead of progress; /dashboard is the push-up home', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: '90 Second Push-up Challenge' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Progress' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to track progress' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(page.getByRole('heading', { name: "Today's Leaders" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Recent History' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('the other challenges say they are coming soon', async ({ page }) => {
    for (const [path, title] of [
      ['/nickels-dimes', 'Nickels and Dimes'],
      ['/burpees-or-bust', 'Burpees or Bust'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'This challenge is coming soon' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Progress' })).toHaveCount(0);
    }
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'View all challenges' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
