import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, toasts } from './fixtures';

// A started set is never lost: the full-screen run, "Discard this workout?" on every way out,
// the reload that resumes, Cancel with Undo, and the run's fit on small phones.
// docs/decisions/0091-a-set-is-never-lost.md

const READY_MS = 3 * 800;
const RUN_MS = 90_000;

/** Opens `path` with a paused fake clock, so the test moves time itself. */
async function openTimer(page: Page, path = '/90second/timer') {
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Start, the 3-2-1, then `taps` taps on the pad. */
async function startAndTap(page: Page, taps: number) {
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS);
  await expect(page.getByTestId('timer-clock')).toHaveText('1:30');
  for (let i = 0; i < taps; i++) await page.getByTestId('tap-area').click();
  await expect(page.getByTestId('tap-count')).toHaveText(String(taps));
}

const discardDialog = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Discard this workout?' });
const countInput = (page: Page) => page.getByLabel('How many push-ups did you complete?');

/** The browser's Back (page.goBack would wait for a navigation the screen holds back). */
const back = (page: Page) => page.evaluate(() => history.back());

test.describe('a started set is never lost', () => {
  // A busy 2-core machine runs these at a fraction of their usual speed (axe above all).
  test.describe.configure({ timeout: 90_000 });
  test('the run fills the screen, focus goes to the pad, Cancel asks and Undo restores', async ({
    page,
    user: _user,
  }) => {
    await openTimer(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByTestId('challenge-strip')).toBeVisible();
    await page.getByRole('button', { name: 'Start' }).click();
    // The focus lands on the pad (named for a screen reader), not on <body>.
    await expect(page.getByTestId('tap-area')).toBeFocused();
    await expect(page.getByTestId('tap-area')).toHaveAccessibleName(
      'Tap to count a push-up. Counted: 0',
    );
    await expect(page.getByTestId('ready-step')).toHaveText('3');
    // No bars to tap by mistake.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByTestId('challenge-strip')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    // The pad does not count during the 3-2-1, even with the focus on it.
    await page.keyboard.press('Space');
    await expect(page.getByTestId('tap-count')).toHaveText('0');
    await page.clock.runFor(READY_MS);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('tap-count')).toHaveText('1');
    await page.getByTestId('tap-area').click();
    await page.getByTestId('tap-area').click();
    await page.clock.runFor(20_000);
    await expect(page.getByTestId('timer-clock')).toHaveText('1:10');

    // Cancel asks; the safe answer has the focus and keeps the run going.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(discardDialog(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep going' })).toBeFocused();
    // The question covers neither the pad nor the clock: a rep done meanwhile counts.
    await expect(page.getByTestId('timer-clock')).toBeVisible();
    await page.getByTestId('tap-area').click();
    await expect(page.getByTestId('tap-count')).toHaveText('4');
    await page.getByRole('button', { name: 'Keep going' }).click();
    await expect(discardDialog(page)).toHaveCount(0);
    await expect(page.getByTestId('tap-area')).toBeFocused();
    await expect(page.getByTestId('tap-count')).toHaveText('4');
    await page.clock.runFor(1000);
    await expect(page.getByTestId('timer-clock')).toHaveText('1:09');

    // Discard says so, with Undo.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(toasts(page)).toContainText('Workout discarded');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.clock.runFor(2000);
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    // The same set, its taps, and the time it has left by its own deadline.
    await expect(page.getByTestId('tap-count')).toHaveText('4');
    await expect(page.getByTestId('timer-clock')).toHaveText('1:07');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByTestId('tap-area').click();
    await page.clock.runFor(67_000);
    await expect(countInput(page)).toHaveValue('5');
    // The run's controls are gone: the focus is on the count, not on the page.
    await expect(countInput(page)).toBeFocused();
  });

  test('Back asks; staying keeps the run, Discard goes back', async ({ page, user: _user }) => {
    await page.clock.install();
    await page.goto('/90second');
    await page.getByRole('main').getByRole('link', { name: 'Start Timer' }).click();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    // A lazy screen shows on a timer: pause the clock once it has.
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await startAndTap(page, 2);

    await back(page);
    await expect(discardDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    await page.getByRole('button', { name: 'Keep going' }).click();
    await expect(page.getByTestId('tap-count')).toHaveText('2');
    await page.getByTestId('tap-area').click();
    await expect(page.getByTestId('tap-count')).toHaveText('3');

    // Twice: the guard is set again after Keep going.
    await back(page);
    await expect(discardDialog(page)).toBeVisible();
    await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/90second$/);
    // (A lazy screen shows on a timer: let the clock run for the page loads from here on.)
    await page.clock.resume();
    await page.goto('/90second/timer');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  });

  test('Back asks also in a browser without the Navigation API (popstate); Discard goes back', async ({
    page,
    user: _user,
  }) => {
    // As Firefox before 147 and Safari before 26: no window.navigation, so the guard falls back
    // on popstate.
    await page.addInitScript(() => {
      delete (window as { navigation?: unknown }).navigation;
    });
    await page.clock.install();
    await page.goto('/90second');
    await page.getByRole('main').getByRole('link', { name: 'Start Timer' }).click();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    // A little ahead: a loaded machine may take a second between the two calls.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 3000);
    expect(await page.evaluate(() => 'navigation' in window)).toBe(false);
    await startAndTap(page, 2);

    await back(page);
    await expect(discardDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    // The run itself stayed on screen: same taps, still running.
    await page.getByRole('button', { name: 'Keep going' }).click();
    await expect(page.getByTestId('tap-count')).toHaveText('2');
    await expect(page.getByTestId('timer-clock')).toBeVisible();
    await page.getByTestId('tap-area').click();
    await expect(page.getByTestId('tap-count')).toHaveText('3');

    // Twice, then Discard leaves for the screen before the timer.
    await back(page);
    await expect(discardDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/90second$/);
    await page.clock.resume();
    await expect(page.getByRole('main').getByRole('link', { name: 'Start Timer' })).toBeVisible();
    // The discarded set is not waiting to be resumed.
    await page.goto('/90second/timer');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(page.getByTestId('tap-count')).toHaveCount(0);
  });

  test('at the count entry a link asks, Cancel asks, and Undo brings the count back', async ({
    page,
    user: _user,
  }) => {
    await openTimer(page);
    await startAndTap(page, 2);
    await page.clock.runFor(RUN_MS);
    await expect(countInput(page)).toHaveValue('2');

    // The navigation is back, but leaving through it asks.
    const rankings = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Rankings' });
    await rankings.click();
    await expect(discardDialog(page)).toBeVisible();
    await expect(discardDialog(page)).toContainText('not saved yet');
    await page.getByRole('button', { name: 'Keep my set' }).click();
    await expect(page).toHaveURL(/\/90second\/timer$/);
    await expect(countInput(page)).toHaveValue('2');
    // The header's home link too.
    await page.getByRole('link', { name: 'FitBench home' }).click();
    await expect(discardDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(discardDialog(page)).toHaveCount(0);
    await expect(countInput(page)).toHaveValue('2');

    // Cancel asks, then discards with Undo.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await expect(countInput(page)).toHaveValue('2');

    // Discarding through a link goes there, and the set is gone.
    await rankings.click();
    await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/90second\/leaderboard$/);
    await page.clock.resume();
    await page.goto('/90second/timer');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  });

  test('reload asks; staying keeps the run, reloading resumes it with its taps and time', async ({
    page,
    user: _user,
  }) => {
    await openTimer(page, '/90second/timer?beat=3&from=ann');
    await startAndTap(page, 4);
    await page.clock.runFor(30_000);
    await expect(page.getByTestId('timer-clock')).toHaveText('1:00');

    // The browser's own prompt: staying keeps everything.
    const dismissed = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.evaluate(() => {
      location.reload();
    });
    expect(await dismissed).toBe('beforeunload');
    await expect(page.getByTestId('tap-count')).toHaveText('4');
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('timer-clock')).toHaveText('0:55');

    // Leaving anyway: the reloaded page goes on with the same taps, target and deadline. (The
    // clock runs through the load: a lazy screen shows on a timer.)
    await page.clock.resume();
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByTestId('tap-count')).toHaveText('4');
    // The clock runs between reading it and pausing it: pause far enough ahead that a busy machine
    // cannot pass that moment first.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await expect(page.getByTestId('target-progress')).toHaveText('You beat 3!');
    const left = await page.evaluate(() => {
      const set = JSON.parse(sessionStorage.getItem(Object.keys(sessionStorage)[0]!)!) as {
        startedAt: number;
      };
      return Math.ceil((set.startedAt + 2400 + 90_000 - Date.now()) / 1000);
    });
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(55);
    await expect(page.getByTestId('timer-clock')).toHaveText(`0:${String(left).padStart(2, '0')}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByTestId('tap-area').click();
    await expect(page.getByTestId('tap-count')).toHaveText('5');
    await page.clock.runFor(left * 1000);
    await expect(countInput(page)).toHaveValue('5');
  });

  test('a reload after the time ran out shows the count entry with the taps', async ({
    page,
    user: _user,
  }) => {
    await openTimer(page);
    await startAndTap(page, 6);
    // The member is away past the deadline (here: the stored start moved back by a run's length),
    // then the page is reloaded.
    await page.evaluate((ms) => {
      const key = Object.keys(sessionStorage)[0]!;
      const set = JSON.parse(sessionStorage.getItem(key)!) as { startedAt: number };
      sessionStorage.setItem(key, JSON.stringify({ ...set, startedAt: set.startedAt - ms }));
    }, RUN_MS);
    await page.clock.resume();
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByRole('heading', { name: "Time's up!" })).toBeVisible();
    await expect(countInput(page)).toHaveValue('6');
    // The count entry is kept too.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect(countInput(page)).toHaveValue('6');
    await page.getByRole('button', { name: 'Save Workout' }).click();
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // Saved: nothing is asked any more.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    const saved = await (await page.request.get('/api/workouts')).json();
    expect(saved.map((w: { pushups: number }) => w.pushups)).toEqual([6]);
  });

  test('a beat run says so on screen when it passes the target; axe on the run screen', async ({
    page,
    user: _user,
  }) => {
    await openTimer(page, '/90second/timer?beat=2&from=ann');
    await startAndTap(page, 2);
    const progress = page.getByTestId('target-progress');
    await expect(progress).toHaveText('Target: 2 (from ann)');
    await expect(progress).toHaveRole('status');
    await page.getByTestId('tap-area').click();
    await expect(progress).toHaveText('You beat 2!');
    await page.clock.resume();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(discardDialog(page)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('discard-dialog.png') });
    await expectNoA11yViolations(page);
  });
});

for (const { width, height, name } of [
  { width: 320, height: 568, name: 'small-phone' },
  { width: 375, height: 667, name: 'iphone-se' },
  { width: 390, height: 844, name: 'phone' },
  { width: 667, height: 375, name: 'landscape' },
  { width: 1280, height: 800, name: 'desktop' },
]) {
  test(`the run fits ${width}x${height}: pad, count and controls on screen without scrolling`, async ({
    page,
    user: _user,
  }) => {
    await page.setViewportSize({ width, height });
    await openTimer(page, '/90second/timer?beat=30&from=alex');
    await startAndTap(page, 3);
    await page.clock.runFor(15_000);
    await expect(page.getByTestId('cue-message')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`run-${name}.png`) });

    for (const el of [
      page.getByTestId('tap-area'),
      page.getByTestId('tap-count'),
      page.getByTestId('timer-clock'),
      page.getByTestId('target-progress'),
      page.getByRole('button', { name: 'Cancel' }),
      page.getByRole('button', { name: 'Mute voice and sound' }),
    ]) {
      const box = await el.boundingBox();
      expect(box, String(el)).not.toBeNull();
      expect(box!.y, String(el)).toBeGreaterThanOrEqual(0);
      expect(box!.x, String(el)).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, String(el)).toBeLessThanOrEqual(height);
      expect(box!.x + box!.width, String(el)).toBeLessThanOrEqual(width);
    }
    // The pad is big enough to hit with the chest or nose.
    const pad = (await page.getByTestId('tap-area').boundingBox())!;
    expect(pad.height).toBeGreaterThanOrEqual(80);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      height,
    );
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
}
