import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { finishAnimations } from './animations';

export type Theme = 'light' | 'dark';

/**
 * axe on the page as it is now, in `theme`: serious and critical violations are collected per
 * screen (a soft expectation), so one run names every screen that fails rather than the first.
 * The screen is then photographed into the test's output folder (looked at by hand, not compared).
 */
export async function axeScreen(page: Page, theme: Theme, name: string) {
  await finishAnimations(page);
  const results = await new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
  }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect
    .soft(
      serious.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`,
      ),
      `axe on ${name} in the ${theme} theme`,
    )
    .toEqual([]);
  // The theme really is the one asked for.
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), name).toBe(
    theme === 'dark',
  );
  const size = page.viewportSize();
  await page.screenshot({
    path: test.info().outputPath(`${theme}-${name}-${size?.width}x${size?.height}.png`),
    fullPage: true,
  });
}
