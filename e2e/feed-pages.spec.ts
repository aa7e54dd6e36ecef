import type { APIRequestContext, Page } from '@playwright/test';
import { addWorkout, expect, registerUser, test, type TestUser } from './fixtures';

// The feed a page at a time (docs/decisions/0249-the-feed.md, 0273-the-feeds-window.md): 20 sets,
// then Show more reads the next page by cursor. Sets saved between the two pages move nothing: one
// newer than the first page waits for the next read from the top, one done earlier (back-dated)
// lands on the second page in its place; no set is shown twice or left out.

test.setTimeout(120_000);

const FRIENDS = 6;
const SETS = 24; // a full first page (20) and 4 more

/** The set ids the feed shows, top to bottom. */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('feed-item')
    .evaluateAll((items) =>
      items.map((i) => i.querySelector('a[href^="/sets/"]')?.getAttribute('href') ?? ''),
    );
  return hrefs.map((h) => Number(h.split('/').at(-1)));
}

interface Saved {
  id: number;
  createdAt: string;
}

async function save(request: APIRequestContext, pushups: number, at?: number): Promise<Saved> {
  const body = at === undefined ? { pushups } : { pushups, createdAt: new Date(at).toISOString() };
  return (await addWorkout(request, body)) as Saved;
}

test('Show more reads the next page of the feed, with sets saved in between', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerUser(page.context().request);
  const friends: { user: TestUser; request: APIRequestContext }[] = [];
  try {
    for (let i = 0; i < FRIENDS; i++) {
      const request = await playwright.request.newContext({ baseURL });
      friends.push({ user: await registerUser(request), request });
      const res = await page.context().request.put(`/api/following/${friends[i]!.user.username}`);
      expect(res.status(), await res.text()).toBe(204);
    }
    // Saved one after another, oldest first (a set cannot be dated before its member joined).
    // The newest 14 by three friends, the older 10 by the other three: the authors' newest sets
    // are far apart, as the feed's window (0273) must handle.
    const saved: Saved[] = [];
    for (let k = SETS - 1; k >= 0; k--) {
      const friend = friends[k < 14 ? k % 3 : 3 + (k % 3)]!;
      saved.unshift(await save(friend.request, 10 + k));
    }
    const newestFirst = saved.map((s) => s.id);

    await page.goto('/feed');
    const items = page.getByTestId('feed-item');
    await expect(items).toHaveCount(20);
    expect(await shownIds(page)).toEqual(newestFirst.slice(0, 20));
    const showMore = page.getByRole('button', { name: 'Show more', exact: true });
    await expect(showMore).toBeVisible();

    // Between the pages: a set saved now (newer than the whole first page) and one dated between
    // the 22nd and the 23rd set (on the second page's side of the cursor). The API's times are
    // whole milliseconds, the stored ones finer: a millisecond after the 23rd's is after it.
    const [t22, t23] = [Date.parse(saved[21]!.createdAt), Date.parse(saved[22]!.createdAt)];
    expect(t22 - t23, 'two saves a few milliseconds apart at least').toBeGreaterThanOrEqual(2);
    const fresh = (await save(friends[0]!.request, 99)).id;
    const backDated = (await save(friends[5]!.request, 98, t23 + 1)).id;

    await showMore.click();
    await expect(items).toHaveCount(SETS + 1);
    await expect(page.getByText('You are all caught up.')).toBeVisible();
    await expect(showMore).toHaveCount(0);
    const expected = [...newestFirst.slice(0, 22), backDated, ...newestFirst.slice(22)];
    expect(await shownIds(page)).toEqual(expected);

    // Opened again: the device kept both pages (client/src/lib/offline/query-cache.ts, written as
    // the page goes) and reads them again from the top, each page from the cursor of the one just
    // read (TanStack Query's infinite query): the new set heads the feed, every set shows once.
    await page.reload();
    await expect(items.first().getByTestId('set-score')).toHaveText('99');
    await expect(items).toHaveCount(SETS + 2);
    await expect(page.getByText('You are all caught up.')).toBeVisible();
    expect(await shownIds(page)).toEqual([fresh, ...expected]);
  } finally {
    for (const f of friends) await f.request.dispose();
  }
});
