import type { Locator, Page } from '@playwright/test';
import { expect, registerUser, test, toasts } from './fixtures';

// What a member met on a second visit (Home, the strip, small phones, toasts, polish), on the
// shared server (only push-ups open, as shipped). The same with three challenges open:
// e2e/second-visit-challenges.spec.ts.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The open toast's box, and that it overlaps none of `parts` (each visible on the page). */
async function expectToastClearOf(page: Page, parts: Record<string, Locator>) {
  const toast = toasts(page).first();
  await expect(toast).toBeVisible();
  // Measured once its slide-in has settled: the same box twice in a row.
  let box = (await toast.boundingBox())!;
  await expect(async () => {
    const again = (await toast.boundingBox())!;
    const same = again.y === box.y && again.x === box.x;
    box = again;
    expect(same).toBe(true);
  }).toPass();
  for (const [name, part] of Object.entries(parts)) {
    const other = await part.boundingBox();
    expect(other, name).not.toBeNull();
    expect(overlaps(box, other!), `the toast covers ${name}`).toBe(false);
  }
  // Inside the window.
  const size = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

/** Whether `el`'s text is all inside its box: nothing scrolled away, nothing drawn outside. */
function textFits(el: Element) {
  const box = el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect();
  return {
    scroll: el.scrollWidth <= el.clientWidth,
    inside:
      text.left >= box.left - 0.5 &&
      text.right <= box.right + 0.5 &&
      text.top >= box.top - 0.5 &&
      text.bottom <= box.bottom + 0.5,
  };
}

test.describe('on a small phone (375x667)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('a Coming Soon home shows all of its button, and its strip whole', async ({ page }) => {
    await page.goto('/nickels-dimes');
    const button = page.getByRole('link', { name: 'Go to the 90 Second Push-up Challenge' });
    await expect(button).toBeVisible();
    expect(await button.evaluate(textFits)).toEqual({ scroll: true, inside: true });
    const title = page.getByTestId('challenge-strip-title');
    await expect(title).toHaveText('Nickels and Dimes');
    expect(await title.evaluate(textFits)).toEqual({ scroll: true, inside: true });
  });

  test('the challenge strip shows the whole title', async ({ page }) => {
    await page.goto('/90second');
    const title = page.getByTestId('challenge-strip-title');
    await expect(title).toHaveText('90 Second Push-up Challenge');
    expect(await title.evaluate(textFits)).toEqual({ scroll: true, inside: true });
    const strip = page.getByTestId('challenge-strip');
    expect(await strip.evaluate(textFits)).toEqual({ scroll: true, inside: true });
  });
});

test.describe('toasts cover nothing the member needs', () => {
  test('the welcome toast leaves the header, the timer title, its mute button and the navigation clear', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const member = await registerUser(api);
    await api.dispose();
    await page.goto('/auth?next=%2F90second%2Ftimer');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toasts(page)).toContainText(`Welcome back, ${member.username}!`);
    await expect(
      page.getByRole('heading', { level: 1, name: '90 Second Push-up Challenge timer' }),
    ).toBeVisible();
    await expectToastClearOf(page, {
      'the header': page.getByRole('banner'),
      'the profile link': page.getByTestId('header-profile'),
      'the timer title': page.getByRole('heading', {
        level: 1,
        name: '90 Second Push-up Challenge timer',
      }),
      'the mute button': page.getByRole('button', { name: /mute/i }),
      'the navigation': page.getByRole('navigation', { name: 'Main' }),
      'the challenge strip': page.getByTestId('challenge-strip'),
    });
  });

  test('"Workout saved!" leaves the header and the saved card\'s heading clear', async ({
    page,
    user: _user,
  }) => {
    await page.goto('/90second/log-workout');
    await page.getByLabel('Push-ups').fill('33');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toasts(page)).toContainText('Workout saved!');
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    await expectToastClearOf(page, {
      'the header': page.getByRole('banner'),
      'the Workout Saved heading': page.getByRole('heading', { name: 'Workout Saved' }),
      'the navigation': page.getByRole('navigation', { name: 'Main' }),
    });
  });
});
