import { periodRange } from '../server/src/routes/leaderboard/period';
import { expect, expectNoA11yViolations, PASSWORD, test, toasts, uniqueName } from './fixtures';
import { startOwnServer, tempDir } from './support/own-server';
import fs from 'node:fs';

// The weekly goal on the challenge home, across the member's days and Sunday 00:00
// (docs/decisions/0053-weekly-goal.md): a session is a day with at least one set. The server's
// clock decides "today" and "this week", so this spec runs a server of its own on a set clock
// (e2e/support/fake-clock.mjs): on Friday 22:00 of the coming week end in the member's zone, then
// again, on the same data, on Saturday 22:00 and on Sunday 00:30. The browser's clock is set to the
// same instants.
const TZ = 'America/New_York';
test.use({ timezoneId: TZ });
test.setTimeout(240_000);

const DAY = 86_400_000;
const HOUR = 3_600_000;

test('the weekly goal counts days with a set this week; a week met carries the streak past Sunday 00:00', async ({
  page,
}) => {
  const thisWeek = periodRange('week', new Date(), TZ).start!;
  // Half a week on, then back to that week's start: the coming Sunday 00:00, whatever DST does.
  const sunday = periodRange('week', new Date(thisWeek.getTime() + 10 * DAY), TZ).start!;
  const fridayNight = new Date(sunday.getTime() - 26 * HOUR);
  const saturdayNight = new Date(sunday.getTime() - 2 * HOUR);
  const sundayMorning = new Date(sunday.getTime() + 30 * 60_000);
  const dataDir = tempDir('weekly-goal');

  let server = await startOwnServer({ dataDir, fakeNow: fridayNight });
  const moveTo = async (at: Date) => {
    await server.stop();
    server = await startOwnServer({ dataDir, fakeNow: at, port: server.port });
    await page.clock.setFixedTime(at);
    await page.reload();
  };
  try {
    await page.clock.setFixedTime(fridayNight);
    const api = page.context().request;
    const username = uniqueName('wk');
    const registered = await api.post(`${server.url}/api/register`, {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const save = async (pushups: number) => {
      const res = await api.post(`${server.url}/api/workouts`, {
        data: { pushups },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(201);
    };

    // The goal is set on the profile's edit dialog (default 3), which says what a session is.
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Weekly goal')).toHaveValue('3');
    await expect(dialog.getByText(/A session is a day with at least one set/)).toBeVisible();
    await dialog.getByLabel('Weekly goal').selectOption('2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');

    // Friday night: two sets are one session (one day), and the screen says why.
    await save(20);
    await save(21);
    await page.goto(`${server.url}/90second`);
    await expect(page.getByText('1 of 2 this week')).toBeVisible();
    await expect(
      page.getByText('A session is a day with at least one set, of any challenge.'),
    ).toBeVisible();
    await expect(page.getByText('No streak yet')).toBeVisible();

    // Saturday night: a second day meets the goal.
    await moveTo(saturdayNight);
    await expect(page.getByText('1 of 2 this week')).toBeVisible();
    await save(22);
    await page.reload();
    // Once met the line counts sessions, never "3 of 2" (e2e/looks-polish.spec.ts has more).
    await expect(page.getByText('2 sessions this week')).toBeVisible();
    await expect(page.getByText('Goal of 2 met')).toBeVisible();
    await expect(page.getByText('1 week streak')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Weekly goal' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );

    // Sunday 00:30: a new week. Nothing yet this week; last week's met goal keeps the streak.
    await moveTo(sundayMorning);
    await expect(page.getByText('0 of 2 this week')).toBeVisible();
    await expect(page.getByText('Goal of 2 met')).toHaveCount(0);
    await expect(page.getByText('1 week streak')).toBeVisible();
    await save(23);
    await save(24);
    await page.reload();
    await expect(page.getByText('1 of 2 this week')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Weekly goal' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await page.screenshot({ path: test.info().outputPath('weekly-goal.png'), fullPage: true });
    await expectNoA11yViolations(page);
  } finally {
    await page.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
