import { addChallengeWorkout, expect, test } from './challenges-server';

// A second visit with three challenges open (e2e/challenges-server.ts): Home follows the challenge
// the member is in, the catalogue names each Start Challenge and shows its skeleton once.
// The same screens as shipped: e2e/second-visit.spec.ts.

test.describe('a second visit with burpees and the plank open', () => {
  test('after a plank session Home leads to the plank home and keeps the member there', async ({
    page,
    user: _user,
  }) => {
    await addChallengeWorkout(page.context().request, { challenge: 'plank-drop', score: 95 });
    await page.goto('/plank-drop/leaderboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/plank-drop');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/plank-drop$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Plank Till You Drop' }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Home did not switch the member back to push-ups.
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/plank-drop/timer',
    );
    await expect(nav.getByRole('link', { name: 'Rankings' })).toHaveAttribute(
      'href',
      '/plank-drop/leaderboard',
    );
    // Never-done challenges show no zero as a best: the burpee home says No sets yet.
    await page.goto('/burpees-or-bust');
    await expect(page.getByRole('definition').first()).toHaveText('—No sets yet');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/burpees-or-bust',
    );
  });

  test('the catalogue names each Start Challenge and shows its skeleton on the first load only', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/');
    for (const title of ['90 Second Push-up Challenge', 'Burpees or Bust', 'Plank Till You Drop'])
      await expect(
        page.getByRole('link', { name: `Start Challenge: ${title}`, exact: true }),
      ).toBeVisible();
    // Away and back inside the app (no reload): the list at once.
    await page.getByRole('link', { name: 'Start Challenge: Plank Till You Drop' }).click();
    await expect(page).toHaveURL(/\/plank-drop\/timer$/);
    await page.getByRole('link', { name: 'FitBench home' }).click();
    await expect(
      page.getByRole('link', { name: 'Start Challenge: Plank Till You Drop' }),
    ).toBeVisible();
    await expect(page.getByTestId('challenge-skeleton')).toHaveCount(0);
  });
});
