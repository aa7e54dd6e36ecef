import { addWorkout, expect, registerUser, test } from './fixtures';

test.describe('focus around dialogs', () => {
  test('workout details: Close is focused first, Esc gives focus back to the row', async ({
    page,
    user: _user,
  }) => {
    const request = page.context().request;
    await addWorkout(request, { pushups: 20 });
    await addWorkout(request, { pushups: 35 });
    await addWorkout(request, { pushups: 28 });
    await page.goto('/profile/pushup-90');
    const rows = page.getByTestId('workout-row');
    await expect(rows).toHaveCount(3);

    // Opened from the keyboard.
    await rows.nth(1).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Workout details' });
    await expect(dialog.getByTestId('workout-detail-count')).toHaveText('35');
    const close = dialog.getByTestId('workout-detail-close');
    await expect(close).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Delete' })).not.toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rows.nth(1)).toBeFocused();

    // Close with the button, opened by a tap: the same row again.
    await rows.nth(2).click();
    await expect(close).toBeFocused();
    await close.click();
    await expect(dialog).toHaveCount(0);
    await expect(rows.nth(2)).toBeFocused();

    // The delete confirmation focuses Cancel; cancelling gives focus back to Delete.
    await rows.nth(1).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this workout?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();

    // Deleted: the row in its place has the focus, not the page.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('20 push-ups');
    await expect(rows.nth(1)).toBeFocused();
  });

  test('edit profile and delete account give focus back to their buttons; delete focuses Cancel', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/profile');
    const edit = page.getByRole('button', { name: 'Edit Profile' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit).toBeFocused();

    await page.goto('/profile/settings');
    const remove = page.getByRole('button', { name: 'Delete account' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(remove).toBeFocused();
  });
});

test.describe('document titles', () => {
  test('a visitor: catalogue, board, 404, a public profile and sign-in', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const alex = await registerUser(ctx);
    await ctx.dispose();

    await page.goto('/');
    await expect(page).toHaveTitle('Challenges · FitBench');
    await page.goto('/90second/leaderboard');
    await expect(page).toHaveTitle('Leaderboard · FitBench');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · FitBench');
    await page.goto(`/users/${alex.username}`);
    await expect(page).toHaveTitle(`${alex.username} · FitBench`);
    await page.goto('/90second');
    await expect(page).toHaveTitle('90 Second Push-up Challenge · FitBench');
    await page.goto('/burpees-or-bust');
    await expect(page).toHaveTitle('Burpees or Bust · FitBench');

    // Moving inside the app changes it too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Rankings' })
      .click();
    await expect(page).toHaveTitle('Leaderboard · FitBench');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Start' })
      .click();
    await expect(page).toHaveTitle('Sign in · FitBench');
  });

  test('a member: timer, log, stats, profile and settings', async ({ page, user: _user }) => {
    for (const [path, title] of [
      ['/90second/timer', 'Push-up timer · FitBench'],
      ['/log-workout', 'Log workout · FitBench'],
      ['/profile/pushup-90', 'Push-up stats · FitBench'],
      ['/profile', 'Your profile · FitBench'],
      ['/profile/settings', 'Settings · FitBench'],
    ]) {
      await page.goto(path!);
      await expect(page, path).toHaveTitle(title!);
    }
  });
});
