import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, registerUser, test } from './fixtures';

// A set's comments a page at a time (docs/decisions/0275-comment-pages.md): the set's page shows
// the first 20, oldest first, and Show more reads the next; the same under a set on the feed.
// SHOTS=folder writes the set's page at phone and desktop sizes.

test.setTimeout(120_000);

async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${folder}/${name}-${w}.png`, fullPage: true });
  }
}

test('Show more reads the next page of comments on the set page', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerUser(page.context().request);
  const other = await browser.newContext({ baseURL });
  try {
    await registerUser(other.request);
    const set = (await addWorkout(page.context().request, { pushups: 41 })) as { id: number };
    for (let i = 1; i <= 22; i++) {
      const res = await other.request.post(`/api/workouts/${set.id}/comments`, {
        data: { body: `Comment number ${i}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/sets/${set.id}`);
    const setPage = page.getByTestId('set-page');
    await expect(setPage.getByTestId('comment')).toHaveCount(20);
    await expect(setPage.getByTestId('comment').first()).toContainText('Comment number 1');
    await expect(setPage.getByTestId('comment').last()).toContainText('Comment number 20');
    await shot(page, 'comments-first-page');
    await setPage.getByRole('button', { name: 'Show more comments' }).click();
    await expect(setPage.getByTestId('comment')).toHaveCount(22);
    await expect(setPage.getByTestId('comment').last()).toContainText('Comment number 22');
    await expect(setPage.getByRole('button', { name: 'Show more comments' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shot(page, 'comments-all');
  } finally {
    await other.close();
  }
});

test('Show more comments reads the next page under a set on the feed', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerUser(page.context().request);
  const friend = await browser.newContext({ baseURL });
  try {
    const author = await registerUser(friend.request);
    const follow = await page.context().request.put(`/api/following/${author.username}`);
    expect(follow.status(), await follow.text()).toBe(204);
    const set = (await addWorkout(friend.request, { pushups: 43 })) as { id: number };
    for (let i = 1; i <= 21; i++) {
      const res = await friend.request.post(`/api/workouts/${set.id}/comments`, {
        data: { body: `Feed comment ${i}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto('/feed');
    const item = page.getByTestId('feed-item').first();
    await item.getByRole('button', { name: '21 comments' }).click();
    await expect(item.getByTestId('comment')).toHaveCount(20);
    await expect(item.getByTestId('comment').last()).toContainText('Feed comment 20');
    // One more, written while the first page shows: the next page brings it after the 21st.
    const late = await page.context().request.post(`/api/workouts/${set.id}/comments`, {
      data: { body: 'A late comment' },
    });
    expect(late.status(), await late.text()).toBe(201);
    await item.getByRole('button', { name: 'Show more comments' }).click();
    await expect(item.getByTestId('comment')).toHaveCount(22);
    await expect(item.getByTestId('comment').nth(20)).toContainText('Feed comment 21');
    await expect(item.getByTestId('comment').last()).toContainText('A late comment');
    await expect(item.getByRole('button', { name: 'Show more comments' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  } finally {
    await friend.close();
  }
});
