import { addWorkout, expect, test } from './fixtures';

test.describe('share', () => {
  test('without native share: a menu with Facebook, X (Twitter), LinkedIn and Copy link', async ({
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
    await addWorkout(page.context().request, { pushups: 42 });
    await page.goto('/profile/pushup-90');
    await page.getByTestId('workout-row').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Share', exact: true }).click();

    const url = `${new URL(page.url()).origin}/90second/users/${user.username}`;
    const menu = page.getByRole('menu');
    const u = encodeURIComponent(url);
    await expect(menu.getByRole('menuitem', { name: 'Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    );
    const twitter = menu.getByRole('menuitem', { name: 'X (Twitter)', exact: true });
    await expect(twitter).toHaveAttribute(
      'href',
      `https://x.com/intent/tweet?text=${encodeURIComponent('I did 42 push-ups in 90 seconds on FitBench')}&url=${u}`,
    );
    await expect(twitter).toHaveAttribute('target', '_blank');
    await expect(menu.getByRole('menuitem', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    );

    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    // The dialog is modal, so the toast region is aria-hidden for the moment: find the toast by its item.
    await expect(page.locator('li[data-state="open"]')).toContainText('Link copied');
    expect(await page.evaluate(() => (window as unknown as { __copied?: string }).__copied)).toBe(
      url,
    );
  });

  test('native share gets the profile link and the result', async ({ page, user }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shared?: ShareData };
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => void (w.__shared = data),
      });
    });
    await page.goto('/log-workout');
    await page.getByLabel('Push-ups').fill('17');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared))
      .toEqual({
        url: `${new URL(page.url()).origin}/90second/users/${user.username}`,
        text: 'I did 17 push-ups in 90 seconds on FitBench',
        title: 'FitBench: 90 Second Push-up Challenge',
      });
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
