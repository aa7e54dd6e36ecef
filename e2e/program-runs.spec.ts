import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test as base } from './fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { instrumentAudio, openTimerAt, pauseClock, spoken } from './support/run-audio';

// The two interval programs, Nickels and Dimes (rounds in 15:00) and The MFM Challenge (four
// movements for time, capped at 30:00), on a server of their own that opens every challenge
// (e2e/challenges-server.ts opens the first three). The browser's clock is the test's: each run is
// fast-forwarded to its end. docs/decisions/0218-the-program-run.md, 0219-program-scores.md
const READY_MS = 3 * 800;
const ALL_OPEN = ['pushup-90', 'nickels-dimes', 'burpees-or-bust', 'mfm-challenge', 'plank-drop'];

const test = base.extend<object, { programServer: OwnServer }>({
  programServer: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOwnServer({
        env: { CHALLENGES: ALL_OPEN.join(',') },
        startTimeoutMs: 150_000,
      });
      await use(server);
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ programServer }, use) => {
    await use(programServer.url);
  },
});

/** A screenshot kept with the test's results, to be looked at. */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`${name}-${test.info().project.name}.png`),
    fullPage: true,
  });

/** Moves the page's clock on by `ms` at once (timers due in between fire once), then a tick. */
async function jump(page: Page, ms: number) {
  await page.clock.fastForward(ms);
  await page.clock.runFor(10);
}

/** Reloads the page mid-run (the leave guard asks first), with the clock running, then pauses it. */
async function reload(page: Page) {
  await page.clock.resume();
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await pauseClock(page);
}

test('Nickels and Dimes: rounds tapped through 15:00 with the minute cues, then the extra reps, saved as rounds + extra', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(120_000);
  await instrumentAudio(page);
  await openTimerAt(page, '/nickels-dimes/timer');
  await expect(page.getByRole('heading', { name: 'Nickels and Dimes timer' })).toBeVisible();
  await expect(page.getByTestId('program-outline')).toContainText('5 push-ups (knees allowed)');
  await expect(page.getByRole('button', { name: 'Count with camera' })).toHaveCount(0);
  await shot(page, 'nickels-idle');
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await pauseClock(page);

  await page.getByRole('button', { name: 'Start' }).click();
  const done = page.getByRole('button', { name: /^Round done/ });
  await expect(done).toBeFocused();
  await page.clock.runFor(READY_MS);
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText('15:00');
  await expect(page.getByTestId('program-round')).toHaveText('Round 1');
  await expect(page.getByTestId('program-movements')).toContainText('5 push-ups (knees allowed)');
  for (let i = 0; i < 3; i++) await done.click();
  await expect(page.getByTestId('program-round')).toHaveText('Round 4');
  await expect(page.getByTestId('rounds-finished')).toHaveText('3 rounds finished');
  await shot(page, 'nickels-running');

  await page.clock.runFor(60_000);
  await expect(page.getByTestId('cue-message')).toHaveText('14 minutes left');
  await expect(page.getByTestId('timer-announcement')).toHaveText('14 minutes left');
  await jump(page, 239_990);
  await expect(page.getByTestId('cue-message')).toHaveText('10 minutes left');
  await expect(page.getByTestId('timer-clock')).toHaveText('10:00');
  await done.click();
  await jump(page, 590_000 - 20);
  await expect(page.getByTestId('timer-clock')).toHaveText(/^0:1[01]$/);
  await page.clock.runFor(3_000);
  await expect(page.getByTestId('cue-message')).toHaveText(/^[789]$/);
  await page.clock.runFor(10_000);

  // The entry: the rounds counted, the focus on the extra reps of the round the member was in.
  await expect(page.getByRole('heading', { name: "Time's up!" })).toBeVisible();
  await expect(page.getByLabel('Rounds finished')).toHaveValue('4');
  const extra = page.getByLabel('Extra reps (0 to 14)');
  await expect(extra).toBeFocused();
  expect(await spoken(page)).toEqual(
    expect.arrayContaining(['Go!', '14 minutes left', '10 minutes left', "Time's up! Great work."]),
  );
  await extra.fill('15');
  await expect(page.getByRole('alert')).toHaveText(
    'Extra reps are those of the round you did not finish: 0 to 14',
  );
  await shot(page, 'nickels-entry-error');
  await extra.fill('9');
  await expect(page.getByTestId('rounds-display')).toHaveText('4 rounds + 9 = 69 reps');
  await shot(page, 'nickels-entry');
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await shot(page, 'nickels-saved');

  const saved = await (
    await page.context().request.get('/api/workouts?challenge=nickels-dimes')
  ).json();
  expect(saved).toMatchObject([{ challenge: 'nickels-dimes', score: 69 }]);
  expect(saved[0].capped).toBeUndefined();
});

test('Nickels and Dimes: a reload mid-program goes on with its clock and rounds', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(90_000);
  await openTimerAt(page, '/nickels-dimes/timer');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 1_000);
  await page.getByRole('button', { name: /^Round done/ }).click();
  await page.getByRole('button', { name: /^Round done/ }).click();
  await page.clock.runFor(60_000);
  await reload(page);
  await expect(page.getByTestId('program-round')).toHaveText('Round 3');
  await expect(page.getByTestId('rounds-finished')).toHaveText('2 rounds finished');
  const left = (await page.getByTestId('timer-clock').textContent())!;
  expect(left <= '13:59' && left >= '13:00', left).toBe(true);
  await page.getByRole('button', { name: /^Round done/ }).click();
  await expect(page.getByTestId('program-round')).toHaveText('Round 4');
  await page.clock.resume();
  await expectNoA11yViolations(page);
  // Its deadline passes while the page is away: the entry opens with the rounds it had.
  page.once('dialog', (d) => void d.accept());
  await page.goto('/');
  await page.clock.fastForward(15 * 60_000);
  await page.goto('/nickels-dimes/timer');
  await expect(page.getByRole('heading', { name: "Time's up!" })).toBeVisible();
  await expect(page.getByLabel('Rounds finished')).toHaveValue('3');
});

test('The MFM Challenge: the movements counted down by +10, +1 and Next, the last rep stops the clock, the time saved', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(120_000);
  await instrumentAudio(page);
  await openTimerAt(page, '/mfm-challenge/timer');
  await expect(page.getByRole('heading', { name: 'The MFM Challenge timer' })).toBeVisible();
  await expect(page.getByTestId('program-outline')).toContainText('40 burpees');
  await shot(page, 'mfm-idle');
  await page.getByRole('button', { name: 'Start' }).click();
  const ten = page.getByTestId('reps-add-tap');
  await expect(ten).toBeFocused();
  await page.clock.runFor(READY_MS);
  await expect(page.getByRole('timer', { name: 'Time gone' })).toHaveText('0:00');
  await expect(page.getByTestId('program-movement')).toHaveText('Burpees');
  await expect(page.getByTestId('reps-left')).toHaveText('40');
  await ten.click();
  await page.getByRole('button', { name: 'Add 1 of burpees' }).click();
  await expect(page.getByTestId('reps-left')).toHaveText('29');
  await page.getByRole('button', { name: 'Take back 1 rep' }).click();
  await expect(page.getByTestId('reps-left')).toHaveText('30');
  await shot(page, 'mfm-running');
  for (let i = 0; i < 3; i++) await ten.click();
  // The burpees done: on to the push-ups, said aloud.
  await expect(page.getByTestId('program-movement')).toHaveText('Push-ups');
  await expect(page.getByTestId('reps-left')).toHaveText('80');
  await expect(page.getByTestId('timer-announcement')).toHaveText('Next: 80 push-ups');
  await shot(page, 'mfm-next-movement');
  await jump(page, 299_000);
  await page.clock.runFor(1_500);
  await expect(page.getByTestId('cue-message')).toHaveText('5 minutes gone');
  await page.getByRole('button', { name: 'Next: Air squats' }).click();
  await page.getByRole('button', { name: 'Next: Sit-ups' }).click();
  await expect(page.getByTestId('reps-done')).toHaveText('240 of 400 reps done');
  await jump(page, 821_000);
  await expect(page.getByTestId('timer-clock')).toHaveText('18:41');
  await page.clock.runFor(1_000);
  for (let i = 0; i < 16; i++) await ten.click();

  await expect(page.getByRole('heading', { name: 'Finished!' })).toBeVisible();
  const time = page.getByLabel('Your time');
  await expect(time).toHaveValue('18:42');
  await expect(time).toBeFocused();
  expect(await spoken(page)).toEqual(
    expect.arrayContaining([
      'Go!',
      'Next: 80 push-ups',
      '5 minutes gone',
      'Next: 160 sit-ups. Halfway! 200 reps done',
      '300 reps done',
      'Finished in 18 minutes 42 seconds. Great work!',
    ]),
  );
  await shot(page, 'mfm-entry');
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await shot(page, 'mfm-saved');
  const saved = await (
    await page.context().request.get('/api/workouts?challenge=mfm-challenge')
  ).json();
  expect(saved).toMatchObject([{ challenge: 'mfm-challenge', score: 1122 }]);
  expect(saved[0].capped).toBeUndefined();
});

test('The MFM Challenge: a finish under 6:00 is refused on screen; a reload goes on on its movement', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(90_000);
  await openTimerAt(page, '/mfm-challenge/timer');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 30_000);
  const ten = page.getByTestId('reps-add-tap');
  for (let i = 0; i < 5; i++) await ten.click();
  await expect(page.getByTestId('program-movement')).toHaveText('Push-ups');
  await expect(page.getByTestId('reps-left')).toHaveText('70');
  await reload(page);
  await expect(page.getByTestId('program-movement')).toHaveText('Push-ups');
  await expect(page.getByTestId('reps-left')).toHaveText('70');
  await expect(page.getByTestId('reps-done')).toContainText('50 of 400 reps done');
  expect((await page.getByTestId('timer-clock').textContent())! >= '0:30').toBe(true);
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await pauseClock(page);

  await page.clock.runFor(200_000);
  for (const name of ['Next: Air squats', 'Next: Sit-ups', 'Finish'])
    await page.getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name: 'Finished!' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'A finish faster than 6:00 is not plausible: check the time, or enter the reps done at the cap',
  );
  await shot(page, 'mfm-entry-too-fast');
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByLabel('Your time')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Finished!' })).toBeVisible();
  // The entry survives a reload too.
  await page.clock.resume();
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Finished!' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('A finish faster than 6:00 is not plausible');
});

test('The MFM Challenge: the cap ends the run, the reps done are confirmed and saved as capped', async ({
  page,
  user: _user,
}) => {
  test.setTimeout(90_000);
  await instrumentAudio(page);
  await openTimerAt(page, '/mfm-challenge/timer');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 1_000);
  const ten = page.getByTestId('reps-add-tap');
  for (let i = 0; i < 31; i++) await ten.click();
  await page.getByRole('button', { name: 'Add 1 of sit-ups' }).click();
  await expect(page.getByTestId('reps-done')).toContainText('311 of 400 reps done');
  await jump(page, 1_790_000);
  await page.clock.runFor(10_000);
  await expect(page.getByRole('heading', { name: 'Time cap!' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'I reached the cap (30:00)' })).toBeChecked();
  const reps = page.getByLabel('Reps done by the cap');
  await expect(reps).toHaveValue('311');
  await expect(reps).toBeFocused();
  expect(await spoken(page)).toEqual(
    expect.arrayContaining(['1 minute to the cap', "That's the cap! Great work."]),
  );
  await reps.fill('400');
  await expect(page.getByRole('alert')).toHaveText(
    'Reps at the cap must be a whole number from 1 to 399',
  );
  await reps.fill('312');
  await shot(page, 'mfm-entry-capped');
  await page.clock.resume();
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  const saved = await (
    await page.context().request.get('/api/workouts?challenge=mfm-challenge')
  ).json();
  expect(saved).toMatchObject([{ challenge: 'mfm-challenge', score: 312, capped: true }]);
});

test('Log Workout for both programs: rounds + extra, and a time', async ({ page, user: _user }) => {
  await page.goto('/nickels-dimes/log-workout');
  await expect(
    page.getByText(
      'Record the rounds and extra reps of a Nickels and Dimes you did without the timer.',
    ),
  ).toBeVisible();
  await page.getByLabel('Rounds finished').fill('6');
  await page.getByLabel('Extra reps (0 to 14)').fill('3');
  await expect(page.getByTestId('rounds-display')).toHaveText('6 rounds + 3 = 93 reps');
  await shot(page, 'nickels-log');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();

  await page.goto('/mfm-challenge/log-workout');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').first()).toContainText('Enter your time.');
  await page.getByLabel('Your time').fill('5:59');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText('A finish faster than 6:00 is not plausible', { exact: false }),
  ).toBeVisible();
  await shot(page, 'mfm-log-error');
  await page.getByLabel('Your time').fill('21:05');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  const request = page.context().request;
  expect(await (await request.get('/api/workouts?challenge=nickels-dimes')).json()).toMatchObject([
    { score: 93 },
  ]);
  expect(await (await request.get('/api/workouts?challenge=mfm-challenge')).json()).toMatchObject([
    { score: 1265 },
  ]);
});

for (const { width, height } of [
  { width: 320, height: 568 },
  { width: 667, height: 375 },
]) {
  test(`both programs fit ${width}x${height}: clock, movement, taps and Cancel on screen without scrolling`, async ({
    page,
    user: _user,
  }) => {
    await page.setViewportSize({ width, height });
    for (const [slug, main] of [
      ['mfm-challenge', 'reps-add-tap'],
      ['nickels-dimes', 'round-done'],
    ] as const) {
      await openTimerAt(page, `/${slug}/timer`);
      await page.getByRole('button', { name: 'Start' }).click();
      await page.clock.runFor(READY_MS + 1_000);
      const shown = [
        page.getByTestId('timer-clock'),
        page.getByTestId(main),
        page.getByRole('button', { name: 'Cancel' }),
      ];
      shown.push(page.getByTestId(slug === 'mfm-challenge' ? 'reps-left' : 'program-round'));
      if (slug === 'mfm-challenge')
        shown.push(
          page.getByTestId('program-next'),
          page.getByTestId('reps-add-one'),
          page.getByTestId('reps-take-one'),
        );
      for (const el of shown) {
        const box = (await el.boundingBox())!;
        expect(box, String(el)).not.toBeNull();
        expect(box.y + box.height, String(el)).toBeLessThanOrEqual(height);
        expect(box.x + box.width, String(el)).toBeLessThanOrEqual(width);
      }
      // The taps do not run into the controls under them.
      const tap = (await page.getByTestId(main).boundingBox())!;
      const under = (await page.getByRole('button', { name: 'Cancel' }).boundingBox())!;
      expect(under.y).toBeGreaterThanOrEqual(tap.y + tap.height);
      // The digits stay inside the ring.
      const clock = (await page.getByTestId('timer-clock').boundingBox())!;
      const ring = (await page.getByTestId('timer-clock').locator('xpath=../..').boundingBox())!;
      expect(clock.x).toBeGreaterThan(ring.x);
      expect(clock.x + clock.width).toBeLessThan(ring.x + ring.width);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
        height,
      );
      await shot(page, `${slug}-${width}x${height}`);
      // Leave the run for the next one: Cancel, Discard.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
      await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
      await page.clock.resume();
    }
  });
}
