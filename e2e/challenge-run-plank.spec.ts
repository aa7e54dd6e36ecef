import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { expect, test } from './challenges-server';
import { instrumentAudio, openTimerAt, pauseClock, spoken } from './support/run-audio';

// Plank Till You Drop on a server that opens it (e2e/challenges-server.ts): the ready
// countdown, a stopwatch counting up with a cue every 30 s, one large Stop (or Space), the seconds
// held shown as m:ss, saved and ranked on the plank board only.
const READY_MS = 3 * 800;

const clockSeconds = async (page: Page) => {
  const [m, s] = (await page.getByTestId('timer-clock').textContent())!.split(':').map(Number);
  return m! * 60 + s!;
};

test('a plank hold: counts up, cues at 30 s, Stop after a few seconds, saved as m:ss and ranked on its own board', async ({
  page,
  user,
}) => {
  test.setTimeout(90_000);
  const { username } = user;
  await instrumentAudio(page);
  await openTimerAt(page, '/plank-drop/timer');
  await expect(page.getByRole('heading', { name: 'Plank Till You Drop timer' })).toBeVisible();
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await pauseClock(page);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('ready-step')).toHaveText('3');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeFocused();
  await page.clock.runFor(READY_MS);
  await expect(page.getByRole('timer', { name: 'Time held' })).toHaveText('0:00');
  await expect(page.getByTestId('cue-message')).toHaveText('Go!');
  await page.clock.runFor(29_999);
  await expect(page.getByTestId('timer-clock')).toHaveText('0:29');
  await page.clock.runFor(1);
  await expect(page.getByTestId('cue-message')).toHaveText('30 seconds');
  await expect(page.getByTestId('timer-announcement')).toHaveText('30 seconds');
  await page.clock.runFor(4_500);
  await expect(page.getByTestId('timer-clock')).toHaveText('0:34');
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await pauseClock(page);
  await page.clock.runFor(1_000);
  const held = await clockSeconds(page);
  expect(held).toBeGreaterThanOrEqual(34);

  // Space stops it (the focus is on Stop).
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'Well held!' })).toBeVisible();
  // The time held is shown as it is typed, m:ss, and as it will be saved; the focus is on it.
  const shown = `0:${String(held).padStart(2, '0')}`;
  const seconds = page.getByLabel('How long did you hold?');
  await expect(seconds).toHaveValue(shown);
  await expect(seconds).toBeFocused();
  await expect(page.getByTestId('hold-display')).toHaveText(`Will be saved as ${shown}`);
  expect(await spoken(page)).toEqual([
    'Go!',
    '30 seconds',
    expect.stringMatching(/^Stopped at \d+ seconds\. Well held!$/),
  ]);
  await page.clock.resume();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('saved-count')).toHaveText(shown);
  await expect(page.getByText(`${shown} held. Nice work!`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
    'href',
    '/plank-drop/leaderboard',
  );
  await expectNoA11yViolations(page);

  const api = page.context().request;
  const saved = await (await api.get('/api/workouts?challenge=plank-drop')).json();
  expect(saved).toMatchObject([{ challenge: 'plank-drop', score: held }]);
  const board = (await (await api.get('/api/leaderboard/today?challenge=plank-drop')).json()) as {
    username: string;
    score: number;
  }[];
  expect(board.find((e) => e.username === username)).toMatchObject({ score: held });
  const burpeeBoard = (await (
    await api.get('/api/leaderboard/today?challenge=burpees-or-bust')
  ).json()) as {
    username: string;
  }[];
  expect(burpeeBoard.some((e) => e.username === username)).toBe(false);
});

test("a friend's hold to beat; the hold goes on through a reload, on its own timer whatever the address; Cancel asks first", async ({
  page,
  user: _user,
}) => {
  test.setTimeout(90_000);
  // A beat link in seconds held reads as a time.
  await openTimerAt(page, '/plank-drop/timer?beat=305&from=ann');
  await expect(page.getByTestId('challenge-target')).toHaveText('Target: 5:05 (from ann)');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 12_000);
  await expect(page.getByTestId('timer-clock')).toHaveText('0:12');

  // Reloaded on the push-up timer's address: the stored hold takes the member back to the plank.
  await page.clock.resume();
  page.once('dialog', (d) => void d.accept());
  await page.goto('/timer');
  await expect(page).toHaveURL(/\/plank-drop\/timer$/);
  await expect(page.getByRole('timer', { name: 'Time held' })).toBeVisible();
  await pauseClock(page);
  expect(await clockSeconds(page)).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('target-progress')).toHaveText('Target: 5:05 (from ann)');

  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this workout?' });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

for (const { width, height } of [
  { width: 320, height: 568 },
  { width: 667, height: 375 },
]) {
  test(`the hold fits ${width}x${height}: clock past an hour, Stop and the controls on screen without scrolling`, async ({
    page,
    user: _user,
  }) => {
    await page.setViewportSize({ width, height });
    await openTimerAt(page, '/plank-drop/timer?beat=4000&from=alex');
    await page.getByRole('button', { name: 'Start' }).click();
    // An hour on at once (a clock worth watching second by second would take minutes).
    await page.clock.runFor(READY_MS);
    await page.clock.fastForward(3_725_000);
    await page.clock.runFor(10);
    await expect(page.getByTestId('timer-clock')).toHaveText('1:02:05');
    for (const el of [
      page.getByTestId('timer-clock'),
      page.getByTestId('target-progress'),
      page.getByRole('button', { name: 'Stop' }),
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
    // The clock's digits stay inside the ring.
    const clock = (await page.getByTestId('timer-clock').boundingBox())!;
    const ring = (await page.getByTestId('timer-clock').locator('xpath=../..').boundingBox())!;
    expect(clock.x).toBeGreaterThanOrEqual(ring.x);
    expect(clock.x + clock.width).toBeLessThanOrEqual(ring.x + ring.width);
    expect(
      (await page.getByRole('button', { name: 'Stop' }).boundingBox())!.height,
    ).toBeGreaterThanOrEqual(80);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      height,
    );
    await expect(page.getByTestId('target-progress')).toHaveText('Target: 1:06:40 (from alex)');
  });
}
