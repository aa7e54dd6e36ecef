import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, test } from './fixtures';

// Workout Saved: new personal best, today's rank, and the "Challenge a friend" link end to end.

const tz = (page: Page) => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

async function logSet(page: Page, pushups: number) {
  await page.goto('/90second/log-workout');
  await page.getByLabel('Push-ups').fill(String(pushups));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
}

test('Workout Saved says New personal best! only when the save beats the previous best, with the rank today', async ({
  page,
  user: _user,
}) => {
  const api = page.context().request;
  await addWorkout(api, { pushups: 20 });

  await logSet(page, 18);
  await expect(page.getByTestId('personal-best')).toHaveCount(0);

  await logSet(page, 21);
  await expect(page.getByText('New personal best!')).toBeVisible();
  const me = await (
    await api.get(`/api/leaderboard/today/me?tz=${encodeURIComponent(await tz(page))}`)
  ).json();
  await expect(page.getByTestId('today-rank')).toHaveText(`You're #${me.rank} today`);
  const board = page.getByRole('link', { name: "See today's board" });
  await expect(board).toHaveAttribute('href', '/90second/leaderboard');
  await page.screenshot({ path: test.info().outputPath('workout-saved.png'), fullPage: true });
  await expectNoA11yViolations(page);
  await board.click();
  await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
});

test('the beat link: target shown on the timer, then whether it was beaten', async ({
  page,
  user,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    const w = window as unknown as { __copied?: string };
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (w.__copied = text) },
    });
  });
  await page.clock.install();
  await page.goto('/90second/timer?beat=20&from=ann.friend');
  await expect(page.getByTestId('challenge-target')).toHaveText('Target: 20 (from ann.friend)');
  await expectNoA11yViolations(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 5000);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(3 * 800 + 90_000);
  const count = page.getByLabel('How many push-ups did you complete?');
  await expect(count).toBeVisible();
  await expect(page.getByTestId('challenge-target')).toBeVisible();
  await count.fill('21');
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByTestId('target-result')).toHaveText("You beat ann.friend's 20!");

  // Challenge a friend: the link carries this count and the member's name.
  await page.getByRole('button', { name: 'Challenge a friend' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __copied?: string }).__copied))
    .toBe(`${origin}/90second/timer?beat=21&from=${user.username}`);
});

test('a target not beaten says how many more; hostile link values are ignored, never rendered', async ({
  page,
  user: _user,
}) => {
  await page.clock.install();
  await page.goto('/90second/timer?beat=30&from=bob_b');
  await expect(page.getByTestId('challenge-target')).toHaveText('Target: 30 (from bob_b)');
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 5000);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(3 * 800 + 90_000);
  await page.getByLabel('How many push-ups did you complete?').fill('25');
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByTestId('target-result')).toHaveText(
    "bob_b's 30 still stands. 6 more to beat it.",
  );
  await page.clock.resume();

  for (const query of [
    'beat=20&from=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E',
    'beat=9999&from=ann',
    'beat=-1&from=ann',
    'beat=20',
    'beat=%3Cb%3E1%3C%2Fb%3E&from=ann',
  ]) {
    await page.goto(`/90second/timer?${query}`);
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(page.getByTestId('challenge-target')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  }
});

test('a private member is told their rank today is seen by them only', async ({
  page,
  user: _user,
}) => {
  const api = page.context().request;
  expect((await api.patch('/api/profile', { data: { isPrivate: true } })).status()).toBe(200);
  await logSet(page, 25);
  await expect(page.getByTestId('today-rank')).toHaveText(/^You're #\d+ today$/);
  await expect(page.getByTestId('today-rank-private')).toHaveText('Only you can see this');
});

test('a public member sees no private note beside the rank', async ({ page, user: _user }) => {
  await logSet(page, 25);
  await expect(page.getByTestId('today-rank')).toBeVisible();
  await expect(page.getByTestId('today-rank-private')).toHaveCount(0);
});
