import type { Page } from '@playwright/test';

/**
 * Puts the page's finite animations at their end, as a person sees the screen a moment later (the
 * first set's celebration scales and fades in by the Web Animations API): axe measured a
 * half-faded line's contrast when it ran mid-animation. Endless ones (spinners) stay.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      const end = a.effect?.getComputedTiming().endTime;
      if (typeof end === 'number' && Number.isFinite(end)) a.finish();
    }
  });
}
