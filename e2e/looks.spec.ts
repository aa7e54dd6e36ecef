import type { Browser, Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, test, type TestUser } from './fixtures';

// Dark mode and the desktop layout (docs/decisions/0095-dark-mode.md,
// docs/decisions/0096-desktop-layout.md). Each screen is checked by axe in both themes and
// photographed into the test's output folder (looked at by hand, not compared).

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));
/** The page's background as the member sees it (the body's colour). */
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

interface Screen {
  name: string;
  url: (user: TestUser) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const SCREENS: Screen[] = [
  {
    name: 'catalogue',
    url: () => '/',
    ready: (p) => p.getByRole('link', { name: 'Start Challenge' }),
  },
  {
    name: 'challenge-home',
    url: () => '/90second',
    ready: (p) => p.getByRole('progressbar', { name: 'Weekly goal' }),
  },
  {
    name: 'leaderboard',
    url: () => '/90second/leaderboard',
    ready: (p) => p.getByTestId('leaderboard-own-row'),
  },
  {
    name: 'public-profile',
    url: (u) => `/90second/users/${u.username}`,
    ready: (p) => p.getByRole('heading', { name: 'Recent Activity' }),
  },
  {
    name: 'stats',
    url: () => '/profile/pushup-90',
    ready: (p) => p.getByRole('img', { name: /Push-ups over your last/ }),
  },
  {
    name: 'settings',
    url: () => '/profile/settings',
    ready: (p) => p.getByRole('radio', { name: 'System' }),
  },
  {
    name: 'log-workout',
    url: () => '/90second/log-workout',
    ready: (p) => p.getByRole('heading', { name: 'Log Workout' }),
  },
  {
    name: 'timer',
    url: () => '/90second/timer',
    ready: (p) => p.getByRole('button', { name: 'Start' }),
  },
];

async function visitorPage(
  browser: Browser,
  colorScheme: 'light' | 'dark',
  viewport: { width: number; height: number } | null,
) {
  const context = await browser.newContext({ colorScheme, viewport: viewport ?? undefined });
  return { context, page: await context.newPage() };
}

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen in the ${theme} theme: the system setting is followed and axe passes`, async ({
    page,
    user,
    browser,
  }, info) => {
    // Nine screens, each checked by axe and photographed whole.
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme });
    const request = page.context().request;
    for (const n of [24, 31, 28]) await addWorkout(request, { pushups: n });
    const size = page.viewportSize();
    let lightBackground: string | undefined;
    for (const screen of SCREENS) {
      await page.goto(screen.url(user));
      await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
      expect(await isDark(page), screen.name).toBe(theme === 'dark');
      // Dark means a dark page, not only a class: the body's background is near black.
      const [r, g, b] = (await bodyBackground(page)).match(/\d+/g)!.map(Number);
      if (theme === 'dark') expect(r! + g! + b!, screen.name).toBeLessThan(100);
      else lightBackground ??= `${r},${g},${b}`;
      await expectNoA11yViolations(page);
      await page.screenshot({
        path: info.outputPath(`${theme}-${screen.name}-${size?.width}x${size?.height}.png`),
        fullPage: true,
      });
    }
    if (theme === 'light') expect(lightBackground).toBe('248,250,249');

    // The sign-in screen, as a visitor sees it.
    const visitor = await visitorPage(browser, theme, size);
    try {
      await visitor.page.goto('/auth');
      await expect(visitor.page.getByRole('tab', { name: 'Login' })).toBeVisible();
      expect(await isDark(visitor.page)).toBe(theme === 'dark');
      await expectNoA11yViolations(visitor.page);
      await visitor.page.screenshot({
        path: info.outputPath(`${theme}-auth-${size?.width}x${size?.height}.png`),
        fullPage: true,
      });
    } finally {
      await visitor.context.close();
    }
  });
}

test('the theme switch in settings: applied at once, kept across a reload before any app script runs, System follows the device', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/profile/settings');
  const theme = page
    .getByRole('radiogroup', { name: 'Theme' })
    .or(page.getByRole('group', { name: 'Theme' }));
  await expect(page.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(false);

  await theme.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(true);

  // Reloaded with the app's scripts held back: the inline script in index.html has already made
  // the page dark, so the first paint is dark (no flash of the light theme).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.fallback();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.body !== null);
  expect(await isDark(page)).toBe(true);
  const [r, g, b] = (await bodyBackground(page)).match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(100);
  release();
  await page.unroute('**/assets/*.js');
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

  // Light beats a dark device.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await isDark(page)).toBe(true);
  await page.getByRole('radio', { name: 'Light' }).click();
  expect(await isDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(false);

  // System follows the device, also when it changes while the page is open.
  await page.getByRole('radio', { name: 'System' }).click();
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => localStorage.getItem('fitbench:theme'))).toBeNull();
  // Choosing the chosen item again keeps it chosen.
  await page.getByRole('radio', { name: 'System' }).click();
  await expect(page.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
});

test.describe('desktop layout at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('navigation in the header, no bottom bar, a wide page and a readable chart', async ({
    page,
    user,
  }, info) => {
    test.setTimeout(90_000);
    const request = page.context().request;
    for (const n of [41, 20, 35, 28]) await addWorkout(request, { pushups: n });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/profile/pushup-90');
      const top = page.getByTestId('top-nav');
      await expect(top).toBeVisible();
      await expect(page.getByTestId('bottom-nav')).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toHaveCount(1);
      await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Rankings' })).toHaveAttribute(
        'href',
        '/90second/leaderboard',
      );
      // The navigation sits in the header, at the top of the window.
      const navBox = (await top.boundingBox())!;
      expect(navBox.y).toBeLessThan(64);
      const main = (await page.locator('main').boundingBox())!;
      expect(main.width).toBeGreaterThan(600);

      // The chart's labels are 12 px on a wide screen too (they grew to about 24 px).
      const chart = page.getByTestId('progress-chart');
      await expect(chart).toBeVisible();
      expect((await chart.boundingBox())!.width).toBeGreaterThan(600);
      await expect(chart.getByTestId('chart-best-label')).toHaveText('Best 41');
      // Every label measured in one pass: a redraw cannot take one away between lookups.
      const heights = await chart.evaluate((svg) =>
        [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height),
      );
      expect(heights.length).toBeGreaterThan(3);
      for (const h of heights) expect(h).toBeLessThan(18);
      await page.screenshot({ path: info.outputPath(`${theme}-stats-1280x800.png`) });

      await page.goto('/90second');
      await expect(page.getByRole('progressbar', { name: 'Weekly goal' })).toBeVisible();
      await expect(page.getByTestId('bottom-nav')).toBeHidden();
      // The challenge strip is a band under the header, above the page's heading, not a phone
      // bar pinned to the foot of the window.
      const strip = (await page.getByTestId('challenge-strip').boundingBox())!;
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(Math.abs(strip.y - (header.y + header.height))).toBeLessThanOrEqual(1);
      expect(strip.y + strip.height).toBeLessThan(
        (await page.getByRole('heading', { level: 1 }).boundingBox())!.y,
      );
      await page.screenshot({ path: info.outputPath(`${theme}-challenge-home-1280x800.png`) });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${theme}-profile-1280x800.png`) });
    }
    // The keyboard reaches the top navigation.
    await page.goto('/90second');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Rankings' })
      .click();
    await expect(page).toHaveURL(/\/90second\/leaderboard$/);
  });
});

test.describe('phone layout at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar, not the header bar', async ({ page, user: _user }) => {
    await page.goto('/90second');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByTestId('top-nav')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
    const bar = (await page.getByTestId('bottom-nav').boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(800);
  });
});
