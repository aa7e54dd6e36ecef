import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  addWorkout,
  expect,
  expectNoA11yViolations,
  registerUser,
  test,
  uniqueName,
} from './fixtures';

// The board in the address (reload, Back, a shared link), what a filtered board says about its
// ranks and about an empty group, long names, and focused rows clear of the fixed bars.
// docs/decisions/0090-board-state-in-the-address.md

test.use({ viewport: { width: 390, height: 844 } });

type Row = {
  id: number;
  username: string;
  rank: number;
  pushups: number;
  createdAt: string;
  age: number | null;
  gender: 'male' | 'female' | null;
  profilePicture: null;
};

const rowsOf = (n: number, make: (i: number) => Partial<Row> = () => ({})): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 50_000 + i,
    username: `stub${i}`,
    rank: i + 1,
    pushups: 200 - i,
    createdAt: new Date().toISOString(),
    age: 25,
    gender: 'male',
    profilePicture: null,
    ...make(i),
  }));

/** Answers the period's board with `rows` (filters applied by the client: fewer than a page). */
async function stubBoard(page: Page, period: string, rows: Row[]) {
  await page.route(`**/api/leaderboard/${period}?*`, (route) => route.fulfill({ json: rows }));
}

const link = (page: Page, username: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(`\\b${username}\\b`) });

async function expectBoard(
  page: Page,
  {
    period,
    age,
    gender,
    verified,
  }: { period: string; age: string; gender: string; verified: boolean },
) {
  const tabs = page.getByRole('tablist', { name: 'Period' });
  // The board's code loads after the page: longer on a loaded machine.
  await expect(tabs).toBeVisible({ timeout: 20_000 });
  await expect(tabs.getByRole('tab', { name: period })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Age group')).toHaveValue(age);
  await expect(
    page
      .getByRole('radiogroup', { name: 'Gender' })
      .getByRole('radio', { name: gender, exact: true }),
  ).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Verified only' })).toHaveAttribute(
    'aria-pressed',
    String(verified),
  );
}

async function femaleInThirties(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) {
  const ctx = await playwright.request.newContext({ baseURL });
  try {
    const u = await registerUser(ctx, { username: uniqueName('lbs') });
    const res = await ctx.patch('/api/profile', { data: { age: 33, gender: 'female' } });
    expect(res.status(), await res.text()).toBe(200);
    await addWorkout(ctx, { pushups: 288 });
    return u.username;
  } finally {
    await ctx.dispose();
  }
}

test('the board is in the address: reload, Back from a profile and a shared link keep it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Three loads, a profile and a second browser context: slow on a loaded machine.
  test.setTimeout(90_000);
  const member = await femaleInThirties(playwright, baseURL);
  await page.goto('/90second/leaderboard');
  await expectBoard(page, { period: 'Today', age: 'all', gender: 'All', verified: false });

  await page.getByRole('tab', { name: 'This Week' }).click();
  await expect(page).toHaveURL(/\/90second\/leaderboard\?period=week$/);
  await page.getByLabel('Age group').selectOption({ label: '30-39' });
  await page
    .getByRole('radiogroup', { name: 'Gender' })
    .getByRole('radio', { name: 'Female', exact: true })
    .click();
  await expect(page).toHaveURL(/\?period=week&age=30-39&gender=female$/);
  await expect(link(page, member)).toBeVisible();

  // Reload.
  await page.reload();
  await expectBoard(page, { period: 'This Week', age: '30-39', gender: 'Female', verified: false });
  await expect(link(page, member)).toBeVisible();

  // A profile opened from the board, then Back: the same board.
  await link(page, member).click();
  await expect(page).toHaveURL(new RegExp(`/90second/users/${member}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\?period=week&age=30-39&gender=female$/);
  await expectBoard(page, { period: 'This Week', age: '30-39', gender: 'Female', verified: false });
  await expect(link(page, member)).toBeVisible();

  // Tab and filter changes replace the entry: one Back leaves the board.
  await page.getByRole('tab', { name: 'This Month' }).click();
  await expect(page).toHaveURL(/\?period=month&age=30-39&gender=female$/);

  // A shared link, opened by a visitor elsewhere.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  try {
    const other = await visitor.newPage();
    await other.goto('/leaderboard?period=week&age=30-39&gender=female&verified=1');
    await expectBoard(other, {
      period: 'This Week',
      age: '30-39',
      gender: 'Female',
      verified: true,
    });
    // The verified board (nobody here counted by camera) shows its own empty state, not an error.
    await expect(other.getByRole('alert')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('unknown values in the address fall back to the defaults', async ({ page }) => {
  await page.goto('/leaderboard?period=yearly&age=99&gender=robot&verified=maybe&x=1');
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expectBoard(page, { period: 'Today', age: 'all', gender: 'All', verified: false });
  await page.goto('/leaderboard?period=month&age=%E2%80%AE&gender=');
  await expectBoard(page, { period: 'This Month', age: 'all', gender: 'All', verified: false });
  // A change writes clean values and keeps the parameter that was not the board's.
  await page.goto('/leaderboard?period=nope&utm_source=chat');
  await page.getByRole('tab', { name: 'All Time' }).click();
  await expect(page).toHaveURL(/\/leaderboard\?utm_source=chat&period=all_time$/);
});

test('a filtered board says its ranks are overall; an empty group is not an empty period', async ({
  page,
}) => {
  // Two axe runs and four boards: slow on a loaded machine.
  test.setTimeout(90_000);
  const week = rowsOf(8, (i) => ({ gender: i % 2 ? 'female' : 'male', age: 20 + i }));
  await stubBoard(page, 'week', week);
  await stubBoard(page, 'today', week);
  await stubBoard(page, 'all_time', week);
  await stubBoard(page, 'month', []);
  await page.goto('/leaderboard?period=week');
  await expect(link(page, 'stub0')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('board-overall-note')).toHaveCount(0);
  await expect(link(page, 'stub0')).not.toContainText('overall');

  await page
    .getByRole('radiogroup', { name: 'Gender' })
    .getByRole('radio', { name: 'Female', exact: true })
    .click();
  await expect(page.getByTestId('board-overall-note')).toHaveText(
    'Ranks are overall: each place is among everyone this week, not only this group.',
  );
  // stub1 is the first woman, second overall: her row says so.
  await expect(link(page, 'stub1')).toContainText('Rank 2 overall');
  await expect(link(page, 'stub0')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Nobody in the group, though the week has entries.
  await page.getByLabel('Age group').selectOption({ label: '60+' });
  await expect(page.getByText('Nobody in this group yet this week.')).toBeVisible();
  await expect(page.getByText('No entries for this time period yet. Be the first!')).toHaveCount(0);
  await expect(page.getByTestId('board-overall-note')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('empty-group.png'), fullPage: true });

  // The wording follows the period.
  await page.getByRole('tab', { name: 'Today' }).click();
  await expect(page.getByText('Nobody in this group yet today.')).toBeVisible();
  await page.getByRole('tab', { name: 'All Time' }).click();
  await expect(page.getByTestId('board-empty-group')).toHaveText(
    /^Nobody in this group yet\.Try another age group or gender\.$/,
  );

  // A month with no entries at all keeps the spec's text, filtered or not.
  await page.getByRole('tab', { name: 'This Month' }).click();
  await expect(page.getByText('No entries for this time period yet. Be the first!')).toBeVisible();
  await expect(page.getByTestId('board-empty-group')).toHaveCount(0);
  // (Another group would be empty too: no hint to try one.)
  await expect(page.getByText('Try another age group or gender.')).toHaveCount(0);
});

test('long names end in an ellipsis with the full name kept; a focused row scrolls clear of the fixed bars', async ({
  page,
}) => {
  // 20 rows and two passes of the keyboard over them: slow on a loaded machine.
  test.setTimeout(120_000);
  const long = 'Bartholomew_The_Magnificent_1';
  const rows = rowsOf(20, (i) => (i === 0 ? { username: long } : {}));
  await stubBoard(page, 'today', rows);
  await page.goto('/leaderboard');
  await expect(link(page, long)).toBeVisible({ timeout: 20_000 });
  const name = link(page, long).getByText(long, { exact: true });
  await expect(name).toHaveAttribute('title', long);
  await expect(link(page, long)).toHaveAccessibleName(new RegExp(long));
  const fit = await name.evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow,
    cut: el.scrollWidth > el.clientWidth,
    inside: el.getBoundingClientRect().right <= el.closest('a')!.getBoundingClientRect().right,
  }));
  expect(fit).toEqual({ overflow: 'ellipsis', cut: true, inside: true });
  await page.screenshot({ path: test.info().outputPath('long-name.png') });

  // Tab through every row: each, once focused, is wholly between the header and the bottom bars.
  const header = await page.locator('header').first().boundingBox();
  const bars = await page.getByRole('navigation', { name: 'Main' }).locator('..').boundingBox();
  expect(header && bars).toBeTruthy();
  await link(page, 'stub1').focus();
  for (let i = 2; i < rows.length; i += 1) {
    await page.keyboard.press('Tab');
    const focused = link(page, `stub${i}`);
    await expect(focused).toBeFocused();
    const box = (await focused.boundingBox())!;
    expect(box.y, `stub${i} below the header`).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(box.y + box.height, `stub${i} above the strip and navigation`).toBeLessThanOrEqual(
      bars!.y,
    );
  }
  await page.screenshot({ path: test.info().outputPath('focused-last-row.png') });
  // And back up with Shift+Tab: clear of the sticky header.
  for (let i = rows.length - 2; i >= 1; i -= 1) {
    await page.keyboard.press('Shift+Tab');
    const focused = link(page, `stub${i}`);
    await expect(focused).toBeFocused();
    const box = (await focused.boundingBox())!;
    expect(box.y, `stub${i} below the header`).toBeGreaterThanOrEqual(header!.y + header!.height);
  }
  await expectNoA11yViolations(page);
});
