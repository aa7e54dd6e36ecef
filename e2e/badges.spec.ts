import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

// Streaks and badges on the profile and the public profile
// (docs/decisions/0233-achievements-api-and-screens.md), read by axe in both themes.

// Set SHOTS_DIR to keep screenshots of each state (looked at by hand; not compared).
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: `${dir}/${name}-${size?.width}x${size?.height}.png`,
    fullPage: true,
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`badges and streaks on the profiles, ${theme} colours`, async ({ page, user }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/profile');
    const card = page.getByTestId('achievements');
    await expect(card.getByText('Your first set earns your first badge.')).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, `${theme}-profile-empty`);

    const request = page.context().request;
    await addWorkout(request, { pushups: 20 });
    await addWorkout(request, { pushups: 31 });
    await page.reload();
    await expect(
      card.getByRole('list', { name: 'Badges' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(card.getByText('1 day')).toBeVisible();
    await expect(card.getByText(/^New best: /)).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, `${theme}-profile-badges`);

    // Another member's view of the public profile.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ colorScheme: theme, viewport: page.viewportSize() });
    const other = await visitor.newPage();
    await registerUser(visitor.request);
    await other.goto(`/users/${user.username}`);
    await expect(other.getByTestId('achievements').getByText(/^First set: /)).toBeVisible();
    await expectNoA11yViolations(other);
    await shot(other, `${theme}-public-profile`);
    await visitor.close();
  });
}
