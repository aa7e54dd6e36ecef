import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

// The run specs' instruments: beeps and spoken prompts recorded, and a paused fake clock.

/** Records beeps and spoken prompts; gives speechSynthesis one voice so the voice path runs too. */
export async function instrumentAudio(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number; __spoken: string[] };
    w.__beeps = 0;
    w.__spoken = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__beeps += 1;
      return start.apply(this, args);
    };
    if ('speechSynthesis' in window) {
      speechSynthesis.getVoices = () => [
        { name: 'Test voice', lang: 'en-US' } as SpeechSynthesisVoice,
      ];
      speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
        if (u.text) w.__spoken.push(u.text);
      };
      speechSynthesis.cancel = () => {};
    }
  });
}

export const beeps = (page: Page) =>
  page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
export const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

/** Pauses the page's clock a little ahead, far enough that a busy machine cannot pass that moment first. */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
}

/** Opens a timer with a paused fake clock, so the test moves time itself. */
export async function openTimerAt(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await pauseClock(page);
}
