import {
  addWorkout,
  expect,
  expectNoA11yViolations,
  registerUser,
  test,
  uniqueName,
} from './fixtures';

test.describe('public profile', () => {
  test('a visitor sees About, stats, recent activity and all workouts', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const member = await registerUser(ctx, { username: uniqueName('pp') });
    const patch = await ctx.patch('/api/profile', {
      data: { fullName: 'Pat Pushley', age: 41, gender: 'prefer-not-to-say' },
    });
    expect(patch.status(), await patch.text()).toBe(200);
    for (const [pushups, notes] of [
      [18, 'warm-up'],
      [44, 'best day'],
      [30, undefined],
      [26, 'newest'],
    ] as const) {
      await addWorkout(ctx, { pushups, notes });
    }
    await ctx.dispose();

    await page.goto(`/90second/users/${member.username}`);
    await expect(page.getByRole('heading', { level: 1, name: member.username })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const memberSince = await page.evaluate(() =>
      new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    const about = page.getByRole('definition');
    await expect(page.getByRole('term')).toHaveText([
      'Name',
      'Age',
      'Gender',
      'Member since',
      // The streaks (docs/decisions/0233-achievements-api-and-screens.md): four sets today.
      'Day streak',
      'Week streak',
      'Personal Best',
      'Last Count',
      'Total Workouts',
      'Total Push-ups',
    ]);
    await expect(about).toHaveText([
      'Pat Pushley',
      '41',
      'Prefer not to say',
      memberSince,
      '1 day',
      '0 weeks',
      '44',
      // The best's tier (docs/decisions/0244-tiers-shown-and-reviewed.md): typed sets are entered.
      'Entered',
      '26',
      '4',
      '118',
    ]);

    const bestTier = page
      .getByRole('term')
      .filter({ hasText: 'Personal Best' })
      .locator('..')
      .getByTestId('tier-badge');
    await expect(bestTier).toHaveAttribute('data-tier', 'entered');
    await expect(bestTier).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('public-profile.png'), fullPage: true });

    // Recent activity: the newest three; View all opens the Workouts tab with every workout.
    await expect(page.getByTestId('workout-row')).toHaveCount(3);
    await expect(page.getByTestId('workout-row').first()).toContainText('26');
    // Notes are personal: a visitor sees none of them (nor in the details below).
    await expect(page.getByText(/warm-up|best day|newest/)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'View all' }).click();
    await expect(tabs.getByRole('tab', { name: 'Workouts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('workout-row')).toHaveCount(4);
    await page.getByTestId('workout-row').last().click();
    await expect(page.getByRole('dialog')).toContainText('18');
    await expect(page.getByRole('dialog')).not.toContainText(/warm-up|Notes/);
    // A visitor cannot delete someone's workout.
    await expect(page.getByRole('dialog').getByRole('button', { name: /delete/i })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await tabs.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  });

  test('an unknown user shows User Not Found with a way to the leaderboard', async ({ page }) => {
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/')) lookups.push(r.url());
    });
    await page.goto('/users/nobody-by-this-name');
    await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
    // The load is retried once before giving up.
    expect(lookups).toHaveLength(2);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Go to Leaderboard' }).click();
    await expect(page).toHaveURL(/\/90second\/leaderboard$/);
  });
});
