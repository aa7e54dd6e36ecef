import type { Locator, Page } from '@playwright/test';
import { addChallengeWorkout, expect, test } from './challenges-server';
import { registerUser } from './fixtures';

// The board as a new member meets it, with the three challenges open (issue 33, "The second
// visit"): the entries lead on a phone, the chosen option of every segmented control stands out
// in both themes, the Following board says how to follow, and a report flag remembers it was used.
// docs/decisions/0199-board-entries-lead.md, docs/decisions/0200-segmented-controls-and-reported.md

test.use({ viewport: { width: 390, height: 844 } });
// A server of its own starts on the first test of a worker: give it time.
test.setTimeout(120_000);

const LONG = 'Bartholomew_The_Magnificent_1';
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 70_000 + i,
    username: i === 0 ? LONG : `stub${i}`,
    rank: i + 1,
    pushups: 200 - i,
    createdAt: new Date().toISOString(),
    age: 25,
    gender: 'male',
    profilePicture: null,
  }));

const board = (page: Page) => page.getByRole('list', { name: 'Today leaderboard' });

test('on a phone the entries lead: the first row starts in the top third and names use the room', async ({
  page,
  user: _user,
}) => {
  // A member (scope selector and report flags shown: the fullest board) on a stubbed page of 12.
  await page.route('**/api/leaderboard/today?*', (route) => route.fulfill({ json: rowsOf(12) }));
  for (const [w, h] of [
    [390, 844],
    [375, 667],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/leaderboard');
    const first = board(page).getByRole('listitem').first();
    await expect(first).toContainText(LONG);
    // Every filter of the spec is still there.
    await expect(page.getByRole('tablist', { name: 'Period' })).toBeVisible();
    await expect(page.getByLabel('Age group')).toBeAttached();
    await expect(page.getByRole('radiogroup', { name: 'Gender' })).toBeAttached();
    await expect(page.getByRole('radiogroup', { name: 'Whose board' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Verified only' })).toBeAttached();
    const box = (await first.boundingBox())!;
    expect(box.y, `first entry's top at ${w}x${h}`).toBeLessThan(300);
    // The long name fills its row up to the score, and more of it shows than the old layout's ~120 px.
    const name = first.getByText(LONG, { exact: true });
    const fit = await name.evaluate((el) => {
      const score = el.closest('a')!.lastElementChild!.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      return { width: own.width, gap: score.left - own.right };
    });
    expect(fit.width, `name width at ${w}`).toBeGreaterThanOrEqual(w === 390 ? 140 : 125);
    expect(fit.gap).toBeLessThanOrEqual(12);
  }
  // The page itself never scrolls sideways (the filter row scrolls inside itself).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

/** WCAG relative luminance of an `rgb()`/`rgba()` computed colour. */
function luminance(rgb: number[]) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The colour an option shows: its own background, else the first opaque one behind it. */
async function groundOf(option: Locator): Promise<number[]> {
  const css = await option.evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1];
      if (alpha === undefined || Number(alpha) > 0) return bg;
    }
    return getComputedStyle(document.body).backgroundColor;
  });
  const parts = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(css);
  expect(parts, `an rgb() colour: ${css}`).not.toBeNull();
  return parts!.slice(1, 4).map(Number);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the chosen option of period, scope and gender stands out in the ${theme} theme`, async ({
    page,
    user: _user,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/leaderboard');
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    const groups: Array<[string, Locator, Locator]> = [
      [
        'period',
        page.getByRole('tab', { name: 'Today' }),
        page.getByRole('tab', { name: 'This Week' }),
      ],
      [
        'scope',
        page
          .getByRole('radiogroup', { name: 'Whose board' })
          .getByRole('radio', { name: 'Everyone' }),
        page
          .getByRole('radiogroup', { name: 'Whose board' })
          .getByRole('radio', { name: 'Following' }),
      ],
      [
        'gender',
        page
          .getByRole('radiogroup', { name: 'Gender' })
          .getByRole('radio', { name: 'All', exact: true }),
        page
          .getByRole('radiogroup', { name: 'Gender' })
          .getByRole('radio', { name: 'Male', exact: true }),
      ],
    ];
    for (const [what, chosen, other] of groups) {
      await expect(chosen).toHaveAttribute(
        what === 'period' ? 'aria-selected' : 'aria-checked',
        'true',
      );
      const ratio = contrast(await groundOf(chosen), await groundOf(other));
      expect(ratio, `${what}: chosen vs not chosen in the ${theme} theme`).toBeGreaterThanOrEqual(
        3,
      );
      // And the chosen option's own words stay readable on it.
      const text = await chosen.evaluate((el) => getComputedStyle(el).color);
      const ink = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(text)!.slice(1, 4).map(Number);
      expect(
        contrast(ink, await groundOf(chosen)),
        `${what}: text on the chosen option`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test('the Following board of a member who follows nobody says where the Follow button is', async ({
  page,
  user,
}) => {
  await addChallengeWorkout(page.context().request, { challenge: 'pushup-90', score: 21 });
  await page.goto('/leaderboard?scope=following');
  await expect(board(page).getByRole('listitem')).toHaveCount(1);
  await expect(board(page)).toContainText(user.username);
  const hint = page.getByTestId('board-how-to-follow');
  await expect(hint).toContainText('Follow members from their profile to see them here.');
  await expect(hint).toContainText(
    'Tap a name on the Everyone board to open their profile, then press Follow.',
  );
  await hint.getByRole('button', { name: 'See the Everyone board' }).click();
  await expect(page.getByRole('radio', { name: 'Everyone' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page).not.toHaveURL(/scope=following/);
});

test('a report flag remembers it was used: "Reported" on the next visit, not the form again', async ({
  page,
  playwright,
  baseURL,
  user: _user,
}) => {
  const ctx = await playwright.request.newContext({ baseURL });
  const other = await registerUser(ctx);
  await addChallengeWorkout(ctx, { challenge: 'pushup-90', score: 299 });
  await ctx.dispose();

  await page.goto('/leaderboard');
  const flag = page.getByRole('button', { name: `Report ${other.username}'s entry` });
  await flag.click();
  const form = page.getByRole('dialog', { name: `Report ${other.username}'s entry` });
  await form.getByRole('radio', { name: 'Fake score' }).click();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form).toHaveCount(0);
  const reported = page.getByRole('button', { name: `Reported ${other.username}'s entry` });
  await expect(reported).toBeDisabled();

  // The second visit: the flag says so before anything is pressed.
  await page.reload();
  await expect(
    page.getByRole('button', { name: `Reported ${other.username}'s entry` }),
  ).toBeDisabled();
  await expect(flag).toHaveCount(0);
  // The profile is another target: still reportable, then Reported there too.
  await page.goto(`/users/${other.username}`);
  await page.getByRole('button', { name: `Report ${other.username}'s profile` }).click();
  const profileForm = page.getByRole('dialog', { name: `Report ${other.username}'s profile` });
  await profileForm.getByRole('radio', { name: 'Offensive name' }).click();
  await profileForm.getByRole('button', { name: 'Send report' }).click();
  await page.reload();
  await expect(
    page.getByRole('button', { name: `Reported ${other.username}'s profile` }),
  ).toBeDisabled();
});
