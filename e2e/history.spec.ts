import { format } from 'date-fns';
import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, test, toasts } from './fixtures';

// While a modal dialog is open the toast region is aria-hidden (Radix hides what is outside the
// dialog; the toast still reaches screen readers through its own announcement), so find it by its list item.
const toastItems = (page: Page) => page.locator('li[data-state="open"]');

test.describe('stats and history', () => {
  test('stats, progress chart, detail dialog and delete with confirmation', async ({
    page,
    user: _user,
  }) => {
    const request = page.context().request;
    await addWorkout(request, { pushups: 20 });
    await addWorkout(request, { pushups: 35, notes: 'Felt strong today' });
    await addWorkout(request, { pushups: 28 });

    await page.goto('/profile/pushup-90');
    await expect(page.getByRole('heading', { name: 'Push-up Stats' })).toBeVisible();
    await expect(page.getByTestId('stat-total-push-ups')).toHaveText('83');
    await expect(page.getByTestId('stat-personal-best')).toHaveText('35');
    await expect(page.getByTestId('stat-workouts')).toHaveText('3');
    await expect(page.getByRole('link', { name: 'Start Challenge' })).toHaveAttribute(
      'href',
      '/90second/timer',
    );
    await expect(page.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/90second/leaderboard',
    );
    const chart = page.getByRole('img', { name: /Push-ups over your last 3 workouts/ });
    await expect(chart).toHaveAttribute('aria-label', /Personal best 35 on .*\. Latest 28\./);

    const rows = page.getByTestId('workout-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('28 push-ups');
    await expect(rows.nth(1)).toContainText('Felt strong today');
    await expectNoA11yViolations(page);

    await rows.nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'Workout details' });
    await expect(dialog.getByTestId('workout-detail-count')).toHaveText('35');
    await expect(dialog).toContainText('Felt strong today');
    await expect(dialog).toContainText(format(new Date(), 'EEEE, MMMM do, y'));
    await expect(dialog.getByRole('button', { name: 'Share' })).toBeVisible();
    await expectNoA11yViolations(page);

    // Hold the DELETE to see the pending label.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/workouts/*', async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.fallback();
    });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this workout?' });
    await expect(confirm).toContainText('35 push-ups');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    await expect(toasts(page)).toContainText('Workout deleted');
    await expect(confirm).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('stat-total-push-ups')).toHaveText('48');
    await expect(page.getByTestId('stat-personal-best')).toHaveText('28');
    await expect(page.getByTestId('stat-workouts')).toHaveText('2');
  });

  test('cancelling keeps the workout; a failed delete shows the server message', async ({
    page,
    user: _user,
  }) => {
    await addWorkout(page.context().request, { pushups: 12 });
    await page.goto('/90second-profile');
    await page.getByTestId('workout-row').click();
    const dialog = page.getByRole('dialog', { name: 'Workout details' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.route('**/api/workouts/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Workout not found' }),
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastItems(page)).toContainText('Failed to delete workout');
    await expect(toastItems(page)).toContainText('404: Workout not found');
    await expect(
      page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }),
    ).toBeEnabled();
  });

  test('Load more pages through the history with the cursor', async ({ page, user: _user }) => {
    const request = page.context().request;
    for (let i = 1; i <= 23; i++) await addWorkout(request, { pushups: i });
    await page.goto('/profile/pushup-90');
    const rows = page.getByTestId('workout-row');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('23 push-ups');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(23);
    await expect(rows.last()).toContainText('1 push-up');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('empty history, unknown and coming-soon challenges', async ({ page, user: _user }) => {
    await page.goto('/profile/pushup-90');
    await expect(
      page.getByText('No workouts yet. Start the timer or log a workout to see it here.'),
    ).toBeVisible();
    await expect(
      page.getByText('Your progress chart appears after your first workout.'),
    ).toBeVisible();
    await expect(page.getByTestId('stat-workouts')).toHaveText('0');
    await page.goto('/profile/no-such-challenge');
    await expect(page.getByRole('heading', { name: 'Challenge not found' })).toBeVisible();
    await page.goto('/profile/nickels-dimes');
    await expect(
      page.getByRole('heading', { name: 'Nickels and Dimes: coming soon' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Push-up stats' }).click();
    await expect(page.getByRole('heading', { name: 'Push-up Stats' })).toBeVisible();
  });
});
