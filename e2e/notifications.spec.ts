import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

// A member follows a friend; the friend saves a set that beats the member's best; the member's
// bell counts it while the page stays open (the stream), and the list says so
// (docs/decisions/0253-notifications.md). SHOTS=folder writes the screens at phone and desktop
// sizes, light and dark.

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

const SHOTS = process.env.SHOTS;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/${name}-${w}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('follow, the friend saves, the bell updates live', async ({ page, browser, baseURL }) => {
  const me = await registerUser(page.context().request);
  const friendContext = await browser.newContext({ baseURL });
  try {
    const friend = await registerUser(friendContext.request);
    await addWorkout(page.context().request, { pushups: 30 });

    await page.goto(`/users/${friend.username}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');

    // The friend saves elsewhere; this page is not reloaded.
    await addWorkout(friendContext.request, { pushups: 35 });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('notification-count')).toHaveText('1');

    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const item = page.getByRole('button', {
      name: `${friend.username} beat your best in 90 Second Push-up Challenge, unread: mark read`,
    });
    await expect(item).toBeVisible();
    await shots(page, 'notifications');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(
      page.getByRole('button', {
        name: `${friend.username} beat your best in 90 Second Push-up Challenge`,
        exact: true,
      }),
    ).toBeVisible();

    // And back the other way: the friend is followed by me, which told them.
    const friendPage = await friendContext.newPage();
    await friendPage.goto('/notifications');
    await expect(
      friendPage.getByRole('button', { name: `${me.username} followed you, unread: mark read` }),
    ).toBeVisible();
    await shots(friendPage, 'notifications-friend');
  } finally {
    await friendContext.close();
  }
});
