import { expectNoA11yViolations } from './fixtures';
import { expect, test } from './challenges-server';
import { beeps, instrumentAudio, openTimerAt, pauseClock, spoken } from './support/run-audio';

// Burpees or Bust on a server that opens it (e2e/challenges-server.ts): a 2:00 countdown
// with the catalogue's cues, the count in burpees, the save ranked on the burpee board only.
const READY_MS = 3 * 800;

test('a burpee run: 2:00 with its cues, taps, the count in burpees, saved and ranked on its own board', async ({
  page,
  user,
}) => {
  test.setTimeout(90_000);
  const { username } = user;
  await instrumentAudio(page);
  await openTimerAt(page, '/burpees-or-bust/timer');
  await expect(page.getByRole('heading', { name: 'Burpees or Bust timer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Count with camera' })).toHaveCount(0);
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await pauseClock(page);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('ready-step')).toHaveText('3');
  await page.clock.runFor(READY_MS);
  await expect(page.getByTestId('timer-clock')).toHaveText('2:00');
  await expect(page.getByTestId('cue-message')).toHaveText('Go!');

  const tap = page.getByRole('button', { name: /Tap to count a burpee/ });
  for (let i = 0; i < 3; i++) await tap.click();
  await expect(page.getByTestId('tap-count')).toHaveText('3');

  const marks: [number, string, string][] = [
    [90, '90 seconds left', '1:30'],
    [60, '1 minute left', '1:00'],
    [30, '30 seconds left', '0:30'],
    [20, '20 seconds left', '0:20'],
    [10, '10 seconds left. Push!', '0:10'],
  ];
  let left = 120;
  for (const [mark, text, clock] of marks) {
    await page.clock.runFor((left - mark) * 1000 - 1);
    await expect(page.getByTestId('cue-message')).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(page.getByTestId('cue-message')).toHaveText(text);
    await expect(page.getByTestId('timer-clock')).toHaveText(clock);
    await expect(page.getByTestId('timer-announcement')).toHaveText(text);
    left = mark;
  }
  await tap.click();
  await page.clock.runFor(left * 1000 - 1);
  await expect(page.getByTestId('timer-clock')).toHaveText('0:01');
  await page.clock.runFor(1);

  // The count entry asks in burpees, from the taps.
  await expect(page.getByRole('heading', { name: "Time's up!" })).toBeVisible();
  const count = page.getByLabel('How many burpees did you complete?');
  await expect(count).toHaveValue('4');
  expect(await beeps(page)).toBe(3 + 1 + 5 + 1);
  expect(await spoken(page)).toEqual([
    'Go!',
    '90 seconds left',
    '1 minute left',
    '30 seconds left',
    '20 seconds left',
    '10 seconds left! Push!',
    "Time's up! Great work.",
  ]);
  // Its range is said under the field.
  await count.fill('151');
  await expect(page.getByText('Burpees must be a whole number from 1 to 150')).toBeVisible();
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await count.fill('42');
  await page.getByRole('button', { name: 'Save Workout' }).click();

  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('saved-count')).toHaveText('42');
  await expect(page.getByText('42 burpees. Nice work!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
    'href',
    '/burpees-or-bust/leaderboard',
  );
  // Today's standing is the burpee board's.
  await expect(page.getByTestId('today-rank')).toHaveText(/^You're #\d+ today$/);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Home', exact: true }),
  ).toHaveAttribute('href', '/burpees-or-bust');
  await expectNoA11yViolations(page);

  const api = page.context().request;
  const saved = await (await api.get('/api/workouts?challenge=burpees-or-bust')).json();
  expect(saved).toMatchObject([{ challenge: 'burpees-or-bust', score: 42 }]);
  expect(saved[0].pushups).toBeUndefined();
  // Ranked on the burpee board, and on no push-up board.
  const board = (await (
    await api.get('/api/leaderboard/today?challenge=burpees-or-bust')
  ).json()) as {
    username: string;
    score: number;
    rank: number;
  }[];
  expect(board.find((e) => e.username === username)).toMatchObject({
    score: 42,
    rank: expect.any(Number),
  });
  const pushupBoard = (await (await api.get('/api/leaderboard/today')).json()) as {
    username: string;
  }[];
  expect(pushupBoard.some((e) => e.username === username)).toBe(false);
});
