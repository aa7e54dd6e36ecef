import { format, subDays } from 'date-fns';
import { expect, expectNoA11yViolations, test, toasts } from './fixtures';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

test.describe('log workout', () => {
  test('with notes and a custom time: saved, confirmed, and in the history with its date', async ({
    page,
    user: _user,
  }) => {
    // A workout may not be dated before its owner joined (the user was made just now): the next
    // whole minute, within the 2 minutes of clock skew the server allows.
    const when = new Date();
    when.setSeconds(0, 0);
    when.setMinutes(when.getMinutes() + 1);
    await page.goto('/90second/log-workout');
    await expect(page.getByRole('heading', { name: 'Log Workout' })).toBeVisible();

    await page.getByLabel('Push-ups').fill('21');
    await page.getByRole('button', { name: 'Increase count' }).click();
    await expect(page.getByLabel('Push-ups')).toHaveValue('22');
    await page.getByLabel('Custom').check();
    await page.getByLabel('Date and time').fill(format(when, LOCAL_INPUT));
    await page.getByLabel('Notes (optional)').fill('  Morning set, felt strong  ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(toasts(page)).toContainText('Workout saved!');
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    await expect(page.getByTestId('saved-count')).toHaveText('22');
    await expect(page.getByRole('link', { name: 'View Leaderboard' })).toBeVisible();

    const [saved] = await (await page.request.get('/api/workouts')).json();
    expect(saved.pushups).toBe(22);
    expect(saved.notes).toBe('Morning set, felt strong');
    expect(new Date(saved.createdAt).getTime()).toBe(when.getTime());

    await page.goto('/profile/pushup-90');
    const row = page.getByTestId('workout-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('22 push-ups');
    await expect(row).toContainText(format(when, 'MMM d, y'));
    await expect(row).toContainText('Morning set, felt strong');
    await row.click();
    await expect(page.getByRole('dialog')).toContainText(
      `${format(when, 'EEEE, MMMM do, y')} at ${format(when, 'h:mm a')}`,
    );
  });

  test('just now, blank notes omitted; the count and the time are checked', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/log-workout');
    const save = page.getByRole('button', { name: 'Save', exact: true });

    // Count 0: the Invalid count toast, nothing sent.
    await save.click();
    await expect(toasts(page)).toContainText('Invalid count');
    await expect(toasts(page)).toContainText('Please enter a number greater than zero');
    await page.getByLabel('Push-ups').fill('x');
    await expect(page.getByLabel('Push-ups')).toHaveValue('0');

    // Custom time in the future, then too long ago: a message under the field.
    await page.getByLabel('Push-ups').fill('15');
    await page.getByLabel('Custom').check();
    const time = page.getByLabel('Date and time');
    await time.fill(format(new Date(Date.now() + 86_400_000), LOCAL_INPUT));
    await save.click();
    await expect(page.getByText('The workout time cannot be in the future')).toBeVisible();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await time.fill(format(subDays(new Date(), 8), LOCAL_INPUT));
    await expect(page.getByText('The workout time cannot be more than 7 days ago')).toBeVisible();
    await expectNoA11yViolations(page);

    // Back to Just now; whitespace-only notes are omitted.
    await page.getByLabel('Just now').check();
    await expect(time).toHaveCount(0);
    await page.getByLabel('Notes (optional)').fill('   ');
    await save.click();
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    const list = await (await page.request.get('/api/workouts')).json();
    expect(list).toHaveLength(1);
    expect(list[0].notes).toBeNull();
    expect(Math.abs(Date.parse(list[0].createdAt) - Date.now())).toBeLessThan(60_000);
  });

  test('over the save limit: the count stays and the message says when to try again', async ({
    page,
    user: _user,
  }) => {
    // The limit itself is tested on the API (server/src/hostile/saves.test.ts); here its answer.
    await page.route('**/api/workouts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            headers: { 'retry-after': '1500' },
            contentType: 'application/json',
            body: JSON.stringify({
              message:
                'You have saved 30 workouts recently. You can save again in 25 minutes; your count is kept until then.',
            }),
          })
        : route.continue(),
    );
    await page.goto('/90second/log-workout');
    await page.getByLabel('Push-ups').fill('33');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toasts(page)).toContainText('Failed to save workout');
    await expect(toasts(page)).toContainText('You can save again in 25 minutes');
    await expect(page.getByLabel('Push-ups')).toHaveValue('33');
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toHaveCount(0);
  });

  test('Cancel goes back', async ({ page, user: _user }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log' }).click();
    await expect(page).toHaveURL(/\/90second\/log-workout$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
