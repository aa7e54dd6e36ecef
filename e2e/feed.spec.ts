import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

// The feed's loop (docs/decisions/0249-the-feed.md): a member follows a friend, the friend saves a
// set, it is on the member's feed, the member gives kudos and comments, and the friend sees both on
// the set's page. SHOTS=folder writes the screens at phone and desktop sizes, light and dark.

test.setTimeout(120_000);

const SHOTS = process.env.SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/${name}-${w}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (size) await page.setViewportSize(size);
}

test('follow, the friend saves, kudos and a comment on the feed, the friend sees them', async ({
  page,
  browser,
  baseURL,
}) => {
  const alice = await registerUser(page.context().request);
  const friendContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  const friendPage = await friendContext.newPage();
  try {
    const friend = await registerUser(friendContext.request);

    // An empty feed says how to follow someone.
    await page.goto('/feed');
    await expect(page.getByRole('heading', { name: 'Your feed is empty' })).toBeVisible();
    await shot(page, 'feed-empty');

    await page.goto(`/users/${friend.username}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const saved = (await addWorkout(friendContext.request, { pushups: 37 })) as { id: number };

    // The nav leads to the feed.
    await page.getByRole('link', { name: 'Feed' }).first().click();
    await expect(page).toHaveURL(/\/feed$/);
    const item = page.getByTestId('feed-item').first();
    await expect(item).toContainText(friend.username);
    await expect(item.getByTestId('set-score')).toHaveText('37');

    await item.getByRole('button', { name: `Kudos to ${friend.username}: 0` }).click();
    await expect(
      item.getByRole('button', { name: `Kudos to ${friend.username}: 1` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await item.getByRole('button', { name: '0 comments' }).click();
    await item.getByRole('textbox', { name: 'Add a comment' }).fill('Great set!');
    await item.getByRole('button', { name: 'Post' }).click();
    await expect(item.getByTestId('comment')).toContainText('Great set!');
    await expect(item.getByRole('button', { name: '1 comment' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'feed');

    // The friend sees the kudos and the comment on their set's page.
    await friendPage.goto(`/sets/${saved.id}`);
    const setPage = friendPage.getByTestId('set-page');
    await expect(setPage.getByTestId('kudos-count')).toHaveText('1');
    await expect(setPage.getByTestId('comment')).toContainText('Great set!');
    await expect(setPage.getByTestId('comment')).toContainText(alice.username);
    await expectNoA11yViolations(friendPage);
    await shot(friendPage, 'set-page');

    // The owner of the set may delete a comment on it.
    await setPage.getByRole('button', { name: `Delete ${alice.username}'s comment` }).click();
    await expect(setPage.getByText('No comments yet.')).toBeVisible();

    // The friend's profile leads to the set's page too, with the kudos given.
    await page.goto(`/users/${friend.username}`);
    await page.getByRole('link', { name: 'Kudos and comments' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/sets/${saved.id}$`));
    await expect(page.getByTestId('set-page').getByTestId('kudos-count')).toHaveText('1');
  } finally {
    await friendContext.close();
  }
});
