import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, test } from './fixtures';

// The run's payoff end to end: the best to beat before Start, a run with taps spread over its
// time (and a reload in the middle), then Workout Saved with this set against the last one and
// the best, the pace (reps per 15 s), or the first set celebrated.

// Two axe checks, a run of taps and a card drawn, on a machine shared with other runs.
test.setTimeout(90_000);

const READY_MS = 3 * 800;
const RUN_MS = 90_000;

async function openTimer(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByTestId('best-to-beat')).toBeVisible();
}

/** Stops the clock just ahead (axe needs a running one: check before this). */
const pause = async (page: Page) =>
  page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);

async function tap(page: Page, times: number) {
  const pad = page.getByTestId('tap-area');
  for (let i = 0; i < times; i++) await pad.click();
}

/** The ms left of the run stored in the tab (a reload lets the clock run a little). */
const msLeft = (page: Page) =>
  page.evaluate((runMs) => {
    const set = JSON.parse(sessionStorage.getItem(Object.keys(sessionStorage)[0]!)!) as {
      startedAt: number;
    };
    return set.startedAt + 2400 + runMs - Date.now();
  }, RUN_MS);

test('a first-timer is encouraged, their pace survives a reload, and the first set is celebrated', async ({
  page,
  user: _user,
}) => {
  await openTimer(page, '/90second/timer');
  await expect(page.getByTestId('best-to-beat')).toHaveText(
    /Your first set sets the number to beat/,
  );
  await expectNoA11yViolations(page);
  await pause(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 1000);
  await tap(page, 3);
  await page.clock.runFor(15_000);
  await tap(page, 2);
  await expect(page.getByTestId('tap-count')).toHaveText('5');

  // A reload in the middle keeps the taps' times with the set.
  await page.clock.resume();
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByTestId('tap-count')).toHaveText('5');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  expect(await msLeft(page)).toBeGreaterThan(RUN_MS - 30_000);
  await tap(page, 1);
  await expect(page.getByTestId('tap-count')).toHaveText('6');
  await page.clock.runFor(await msLeft(page));

  const count = page.getByLabel('How many push-ups did you complete?');
  await expect(count).toHaveValue('6');
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('first-set')).toContainText(
    '6 push-ups is your number to beat from now on.',
  );
  await expect(page.getByTestId('first-set')).toContainText(/Your first .+ set!/);
  // The badge the save earned, from its answer (docs/decisions/0267-badges-set-based-and-backfilled.md).
  await expect(page.getByRole('list', { name: 'Badges earned' })).toContainText(
    /Badge earned: First set: /,
  );
  if (process.env.SHOTS_DIR)
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/saved-badges-${w}.png`,
        fullPage: true,
      });
    }
  await expect(
    page.getByRole('img', { name: 'Reps per 15 seconds: 3, 3, 0, 0, 0, 0; fastest 3' }),
  ).toBeVisible();
  await page.clock.resume();
  await expectNoA11yViolations(page);
});

test('the best to beat beside a friend’s target, then this set against the last one and the best, with its pace', async ({
  page,
  user: _user,
}) => {
  const api = page.context().request;
  await addWorkout(api, { pushups: 20 });
  await addWorkout(api, { pushups: 15 });

  await openTimer(page, '/90second/timer?beat=18&from=ann.friend');
  await expect(page.getByTestId('challenge-target')).toHaveText('Target: 18 (from ann.friend)');
  await expect(page.getByTestId('best-to-beat')).toHaveText('Your best: 20 push-ups — beat it');
  await expectNoA11yViolations(page);

  await pause(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(READY_MS + 2000);
  await tap(page, 11);
  await page.clock.runFor(15_000);
  await tap(page, 10);
  await page.clock.runFor(RUN_MS - 17_000);
  await expect(page.getByLabel('How many push-ups did you complete?')).toHaveValue('21');
  await page.getByRole('button', { name: 'Save Workout' }).click();

  await expect(page.getByText('New personal best!')).toBeVisible();
  await expect(page.getByTestId('target-result')).toHaveText("You beat ann.friend's 18!");
  const rows = page.getByTestId('run-payoff').getByRole('listitem');
  await expect(rows.nth(0)).toHaveText('Against your last set (15 push-ups)6 more push-ups');
  await expect(rows.nth(1)).toHaveText('Against your best (20 push-ups)1 more push-up');
  await expect(
    page.getByRole('img', { name: 'Reps per 15 seconds: 11, 10, 0, 0, 0, 0; fastest 11' }),
  ).toBeVisible();
  await expect(page.getByTestId('first-set')).toHaveCount(0);
  // The set's own card is offered, and draws.
  await expect(page.getByRole('button', { name: 'Share this set' })).toBeVisible();
  const saved = (await (await api.get('/api/workouts?limit=1')).json()) as {
    id: number;
    pace?: number[];
  }[];
  // The pace went with the save and is stored with the set (docs/decisions/0268-pace-stored-with-the-set.md).
  expect(saved[0]!.pace).toEqual([11, 10, 0, 0, 0, 0]);
  const card = await api.get(`/api/share-cards/sets/${saved[0]!.id}.png`);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  await page.clock.resume();
  await expectNoA11yViolations(page);
});
