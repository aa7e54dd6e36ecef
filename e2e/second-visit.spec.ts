import { expect, test } from './fixtures';

// What a member met on a second visit (Home, the strip, small phones, toasts, polish), on the
// shared server (only push-ups open, as shipped). The same with three challenges open:
// e2e/second-visit-challenges.spec.ts.

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

  test('a Coming Soon home shows all of its button, and no strip claims the member is in it', async ({ page }) => {
    await page.goto('/nickels-dimes');
    const button = page.getByRole('link', { name: 'Go to the 90 Second Push-up Challenge' });
    await expect(button).toBeVisible();
    expect(await button.evaluate(textFits)).toEqual({ scroll: true, inside: true });
    await expect(page.getByTestId('challenge-strip')).toHaveCount(0);
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
