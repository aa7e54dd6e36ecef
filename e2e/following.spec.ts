import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

// Two members follow each other from their profiles and see each other on the Following board
// (docs/product.md#following). SHOTS=folder writes the screens at phone and desktop sizes.

test.use({ viewport: { width: 390, height: 844 } });
// Two members, four screens and axe runs: longer than one screen's default.
test.setTimeout(120_000);

const SHOTS = process.env.SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const board = (page: Page) => page.getByRole('list', { name: 'Today leaderboard' });

async function followFromProfile(page: Page, username: string) {
  await page.bringToFront();
  await page.goto(`/users/${username}`);
  await expect(page.getByTestId('follow-counts')).toContainText('0 followers');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('follow-counts')).toContainText('1 follower ·');
}

test('two members follow each other and see the Following board', async ({
  page,
  browser,
  baseURL,
}) => {
  const alice = await registerUser(page.context().request);
  const bobContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const bobPage = await bobContext.newPage();
  try {
    const bob = await registerUser(bobContext.request);

    await addWorkout(page.context().request, { pushups: 31 });
    await addWorkout(bobContext.request, { pushups: 44 });

    await followFromProfile(page, bob.username);
    await expectNoA11yViolations(page);
    await shot(page, 'profile-following');
    await followFromProfile(bobPage, alice.username);

    for (const [p, me, other] of [
      [page, alice, bob],
      [bobPage, bob, alice],
    ] as const) {
      await p.bringToFront();
      await p.goto('/leaderboard?period=today');
      await p.getByRole('radio', { name: 'Following' }).click();
      await expect(p).toHaveURL(/scope=following/);
      const rows = board(p).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(bob.username === me.username ? 'You' : bob.username);
      await expect(rows.nth(1)).toContainText(
        alice.username === me.username ? 'You' : alice.username,
      );
      await expect(board(p)).toContainText(other.username);
      // Reload keeps the scope.
      await p.reload();
      await expect(p.getByRole('radio', { name: 'Following' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(board(p).getByRole('listitem')).toHaveCount(2);
    }
    await page.bringToFront();
    await expectNoA11yViolations(page);
    await shot(page, 'following-board');

    // Unfollowing takes bob off alice's board.
    await page.goto(`/users/${bob.username}`);
    await page.getByRole('button', { name: 'Following' }).click();
    await expect(page.getByRole('button', { name: 'Follow' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.goto('/leaderboard?scope=following');
    await expect(board(page).getByRole('listitem')).toHaveCount(1);
  } finally {
    await bobContext.close();
  }
});
