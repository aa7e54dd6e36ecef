import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  addWorkout,
  expect,
  expectNoA11yViolations,
  registerUser,
  test,
  uniqueName,
} from './fixtures';

// The e2e database is shared by every test of a run, so these tests look for the rows they made
// (high counts keep them on the first page) instead of asserting exact positions.

type Profile = { age?: number; gender?: 'male' | 'female' | 'prefer-not-to-say' };

/** Another member, made in its own request context: registered, profile set, one workout today. */
async function makeMember(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  pushups: number,
  profile: Profile = {},
) {
  const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
  try {
    const user = await registerUser(ctx, { username: uniqueName('lb') });
    if (Object.keys(profile).length) {
      const res = await ctx.patch('/api/profile', { data: profile });
      expect(res.status(), await res.text()).toBe(200);
    }
    await addWorkout(ctx, { pushups });
    return user.username;
  } finally {
    await ctx.dispose();
  }
}

const row = (page: Page, username: string) =>
  page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`\\b${username.replace('.', '\\.')}\\b`) });

test.describe('leaderboard', () => {
  test('a visitor sees the tabs, rows that link to profiles, and both filters', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Three registrations (each an Argon2 hash) before the page: longer than the default on a busy machine.
    test.setTimeout(60_000);
    const thirties = await makeMember(playwright, baseURL, 297, { age: 34, gender: 'female' });
    const forties = await makeMember(playwright, baseURL, 296, { age: 47, gender: 'male' });
    const unknown = await makeMember(playwright, baseURL, 295);

    // A visitor never calls the personal /me endpoint.
    const meCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/leaderboard\/[^/?]+\/me/.test(r.url())) meCalls.push(r.url());
    });
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Period' });
    for (const name of ['Today', 'This Week', 'This Month', 'All Time'])
      await expect(tabs.getByRole('tab', { name })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    for (const u of [thirties, forties, unknown]) await expect(row(page, u)).toBeVisible();
    await expect(row(page, thirties)).toContainText('297');

    // Age group: only the band's members; people without an age only under All Ages (docs/product.md#leaderboard-filters).
    const age = page.getByLabel('Age group');
    await expect(age.locator('option')).toHaveText([
      'All Ages',
      'Under 20',
      '20-29',
      '30-39',
      '40-49',
      '50-59',
      '60+',
    ]);
    await age.selectOption({ label: '30-39' });
    await expect(row(page, thirties)).toBeVisible();
    await expect(row(page, forties)).toHaveCount(0);
    await expect(row(page, unknown)).toHaveCount(0);
    await age.selectOption({ label: '40-49' });
    await expect(row(page, forties)).toBeVisible();
    await expect(row(page, thirties)).toHaveCount(0);
    await age.selectOption({ label: 'All Ages' });

    // Gender.
    const gender = page.getByRole('radiogroup', { name: 'Gender' });
    await gender.getByRole('radio', { name: 'Male', exact: true }).click();
    await expect(row(page, forties)).toBeVisible();
    await expect(row(page, thirties)).toHaveCount(0);
    await expect(row(page, unknown)).toHaveCount(0);
    await gender.getByRole('radio', { name: 'Female', exact: true }).click();
    await expect(row(page, thirties)).toBeVisible();
    await expect(row(page, forties)).toHaveCount(0);
    await gender.getByRole('radio', { name: 'All', exact: true }).click();
    await expect(row(page, unknown)).toBeVisible();

    // Today's workouts are also in the week, the month and all time.
    for (const name of ['This Week', 'This Month', 'All Time']) {
      await tabs.getByRole('tab', { name }).click();
      await expect(tabs.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(row(page, thirties)).toBeVisible();
    }
    await expectNoA11yViolations(page);

    expect(meCalls).toEqual([]);

    // A row opens that member's public profile.
    await row(page, forties).click();
    await expect(page).toHaveURL(new RegExp(`/90second/users/${forties}$`));
  });

  test('the viewer’s row says You and is no link; filtered out, their standing is pinned', async ({
    page,
    user,
  }) => {
    await addWorkout(page.context().request, { pushups: 293 });
    await page.goto('/90second/leaderboard');
    const own = page.getByTestId('leaderboard-own-row');
    await expect(own).toContainText(user.username);
    await expect(own).toContainText('You');
    await expect(own).toContainText('293');
    await expect(row(page, user.username)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your standing' })).toHaveCount(0);
    const rankOf = async (el: typeof own) =>
      Number((await el.getByText(/^Rank \d+$/).textContent())!.slice(5));
    const rank = await rankOf(own);

    // The fresh user has no gender, so the Female filter hides their row: the standing is pinned.
    await page
      .getByRole('radiogroup', { name: 'Gender' })
      .getByRole('radio', { name: 'Female', exact: true })
      .click();
    await expect(own).toHaveCount(0);
    const pinned = page.getByRole('region', { name: 'Your standing' });
    await expect(pinned).toContainText('293');
    // The same overall rank (or lower, if a parallel test has just posted a higher count).
    expect(await rankOf(pinned)).toBeGreaterThanOrEqual(rank);
    await expectNoA11yViolations(page);
  });

  test('shows the empty text, and asks the server for filtered rows when the page was full', async ({
    page,
  }) => {
    await page.route('**/api/leaderboard/today?*', (route) => route.fulfill({ json: [] }));
    await page.goto('/leaderboard');
    await expect(
      page.getByText('No entries for this time period yet. Be the first!'),
    ).toBeVisible();

    // A full page of 100: the filtered board is also fetched with the filter as a parameter.
    const full = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      username: `bulk${i}`,
      rank: i + 1,
      pushups: 300 - i,
      createdAt: new Date().toISOString(),
      age: 25,
      gender: 'male',
      profilePicture: null,
    }));
    const beyond = {
      ...full[0]!,
      id: 999,
      username: 'beyondpage',
      rank: 101,
      pushups: 10,
      age: 65,
      gender: 'female',
    };
    await page.route('**/api/leaderboard/week?*', (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        json: url.searchParams.get('ageGroup') === '60-plus' ? [beyond] : full,
      });
    });
    await page.getByRole('tab', { name: 'This Week' }).click();
    await expect(row(page, 'bulk0')).toBeVisible();
    const filtered = page.waitForRequest((r) =>
      /\/api\/leaderboard\/week\?.*ageGroup=60-plus/.test(r.url()),
    );
    await page.getByLabel('Age group').selectOption({ label: '60+' });
    await filtered;
    await expect(row(page, 'beyondpage')).toBeVisible();
    await expect(row(page, 'beyondpage')).toContainText('Rank 101');
    await expect(row(page, 'bulk0')).toHaveCount(0);
  });

  test('a member beyond the first page sees their own standing pinned', async ({
    page,
    user: _user,
  }) => {
    await addWorkout(page.context().request, { pushups: 3 });
    // A board of 100 others (stubbed): the member is not among the rows shown.
    const others = Array.from({ length: 100 }, (_, i) => ({
      id: 10_000 + i,
      username: `ahead${i}`,
      rank: i + 1,
      pushups: 300 - i,
      createdAt: new Date().toISOString(),
      age: null,
      gender: null,
      profilePicture: null,
    }));
    await page.route('**/api/leaderboard/all_time?*', (route) => route.fulfill({ json: others }));
    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'All Time' }).click();
    await expect(row(page, 'ahead99')).toBeVisible();
    const pinned = page.getByRole('region', { name: 'Your standing' });
    await expect(pinned).toContainText('3');
    await expect(pinned).toContainText('All Time');
    await expect(pinned.getByText(/^Rank \d+$/)).toBeVisible();
  });
});
