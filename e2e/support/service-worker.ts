import type { Page } from '@playwright/test';

/**
 * Waits until a service worker is active (its precache complete: `ready`) and controls the page
 * (the worker claims its clients on activation; a reload is the fallback if it did not).
 */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controls = () =>
    page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: 30_000,
    });
  try {
    await controls();
  } catch {
    await page.reload();
    await controls();
  }
}
