import type { Page } from '@playwright/test';
import { addWorkout, expect, registerUser, test } from './fixtures';

// The pseudo-locale (en-XA: accented, a third longer, app/i18n/pseudo-length.ts) on a small phone,
// 375x667: no screen scrolls sideways and no button or control cuts its words short, so German
// (about a third longer than English) fits too (docs/decisions/0282-pseudo-locale.md, 0300).
test.use({ viewport: { width: 375, height: 667 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fitbench-language', 'en-XA'));
});

/** What overflows on the screen shown: the page sideways, and each visible control's own box. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="tab"], [role="switch"], [role="radio"], select, input[type="submit"], a[data-slot="button"]',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Screen-reader-only controls (a skip link) are 1 px on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50);
      const where = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`"${name}" (${where}) is clipped: ${el.scrollWidth} > ${el.clientWidth}`);
      else if (box.right > window.innerWidth + 1 && !el.closest('[class*="overflow-x-auto"]'))
        found.push(`"${name}" (${where}) runs off the screen: right ${Math.round(box.right)}`);
    }
    return found;
  });
}

async function check(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await ready();
  await page.waitForLoadState('networkidle');
  expect.soft(await clipped(page), `${path} in en-XA at 375x667`).toEqual([]);
}

const heading = (page: Page) => () => expect(page.locator('main h1').first()).toBeVisible();

test('a visitor’s screens fit at 375x667 in the pseudo-locale', async ({ page }, info) => {
  test.setTimeout(120_000);
  await check(page, '/', async () => {
    await expect(page.getByTestId('challenge-pushup-90')).toBeVisible();
  });
  // Every word marked: the catalogue's heading is accented.
  await expect(page.locator('main h1')).not.toHaveText('Challenges');
  await page.screenshot({ path: info.outputPath('catalogue-en-XA.png'), fullPage: true });
  await check(page, '/auth', () => expect(page.getByRole('tabpanel')).toBeVisible());
  await page.getByRole('tab').nth(1).click();
  await page.waitForTimeout(200);
  expect.soft(await clipped(page), '/auth (register) in en-XA').toEqual([]);
  await page.screenshot({ path: info.outputPath('register-en-XA.png'), fullPage: true });
  await check(page, '/leaderboard', heading(page));
  await page.screenshot({ path: info.outputPath('leaderboard-en-XA.png'), fullPage: true });
});

test('a member’s screens fit at 375x667 in the pseudo-locale', async ({ page }, info) => {
  test.setTimeout(240_000);
  await registerUser(page.request);
  await addWorkout(page.request, { pushups: 42 });
  for (const [path, name] of [
    ['/90second', 'home'],
    ['/90second/timer', 'timer'],
    ['/90second/log-workout', 'log-workout'],
    ['/90second/leaderboard', 'leaderboard'],
    ['/profile', 'profile'],
    ['/profile/settings', 'settings'],
  ] as const) {
    await check(page, path, heading(page));
    await page.screenshot({ path: info.outputPath(`${name}-en-XA.png`), fullPage: true });
  }
});
