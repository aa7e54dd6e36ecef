import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, expectNoA11yViolations, test, toasts } from './fixtures';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";
const MINUTE = 60_000;

/** Counts the saves the page sends. */
function countSaves(page: Page) {
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/workouts') saves.push(r.url());
  });
  return saves;
}

test.describe('the log form offers only what it can save', () => {
  test('Custom time: min is when the member joined, max is now; earlier is said under the field', async ({
    page,
    user: _user,
  }) => {
    const saves = countSaves(page);
    const me = (await (await page.request.get('/api/user')).json()) as { createdAt: string };
    const joined = Date.parse(me.createdAt);
    await page.goto('/90second/log-workout');
    await page.getByLabel('Push-ups').fill('12');
    await page.getByLabel('Custom').check();
    const time = page.getByLabel('Date and time');

    // Joined just now, so the range starts at the first whole minute after joining (not 7 days back).
    const min = format(new Date(Math.ceil(joined / MINUTE) * MINUTE), LOCAL_INPUT);
    await expect(time).toHaveAttribute('min', min);
    // Now, to the minute (or that first minute, for a member who joined in this one).
    const max = await time.getAttribute('max');
    const latest = format(
      new Date(Math.max(Date.now(), Math.ceil(joined / MINUTE) * MINUTE)),
      LOCAL_INPUT,
    );
    expect(max! >= min && max! <= latest, `max ${max}`).toBe(true);
    await expect(page.getByText(/\(when you joined\) to now\./)).toBeVisible();

    // Yesterday: within 7 days, but before this member joined.
    await time.fill(format(new Date(Date.now() - 86_400_000), LOCAL_INPUT));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message = page.getByText('The workout time cannot be before you joined FitBench');
    await expect(message).toBeVisible();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await expect(time).toHaveAttribute('aria-describedby', /log-time-error/);
    await expect(toasts(page)).toHaveCount(0);
    expect(saves).toHaveLength(0);
    await expectNoA11yViolations(page);

    // The range's own start saves (now's minute may be the one the member joined in).
    await time.fill(min);
    await expect(message).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    expect(saves).toHaveLength(1);
  });

  test('a count above 300 is said under the field, kept as typed, and not saved', async ({
    page,
    user: _user,
  }) => {
    const saves = countSaves(page);
    await page.goto('/log-workout');
    const count = page.getByLabel('Push-ups');
    await count.fill('999');
    await expect(count).toHaveValue('999');
    const message = page.getByText('Push-ups must be at most 300');
    await expect(message).toBeVisible();
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Increase count' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(count).toBeFocused();
    // Not the zero count's toast, and nothing sent.
    await expect(toasts(page)).toHaveCount(0);
    expect(saves).toHaveLength(0);
    await expectNoA11yViolations(page);

    // Minus brings it back to the most a set can count.
    await page.getByRole('button', { name: 'Decrease count' }).click();
    await expect(count).toHaveValue('300');
    await expect(message).toHaveCount(0);
    await expect(count).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('saved-count')).toHaveText('300');
    expect(saves).toHaveLength(1);
  });

  test('the timer count entry says the same and does not save', async ({ page, user: _user }) => {
    const saves = countSaves(page);
    await page.clock.install();
    await page.goto('/90second/timer');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.clock.runFor(3 * 800 + 90_000);
    const count = page.getByLabel('How many push-ups did you complete?');
    await expect(count).toBeVisible();
    await count.fill('999');
    await expect(count).toHaveValue('999');
    await expect(page.getByText('Push-ups must be at most 300')).toBeVisible();
    await page.getByRole('button', { name: 'Save Workout' }).click();
    await expect(count).toBeFocused();
    await expect(page.getByText('Invalid count')).toHaveCount(0);
    expect(saves).toHaveLength(0);
    await count.fill('45');
    await expect(page.getByText('Push-ups must be at most 300')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Workout' }).click();
    await expect(page.getByTestId('saved-count')).toHaveText('45');
  });
});
