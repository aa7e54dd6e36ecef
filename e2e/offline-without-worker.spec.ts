import { expect, test, toasts } from './fixtures';
import { openTimerAt } from './support/run-audio';

// A save without a connection where no service worker runs (a first visit before it installs, a
// browser without one; service workers are blocked in these e2e runs, playwright.config.ts): what
// a save needs offline is loaded with the screen, so the set is kept on the device and the member
// is told (docs/decisions/0196-offline-saves-without-a-worker-and-remote-sign-out.md).

test('offline with no service worker, a logged set is kept on the device and sent once back online', async ({
  page,
  context,
  user: _user,
}) => {
  await page.goto('/90second/log-workout');
  await expect(page.getByLabel('Push-ups')).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Push-ups').fill('31');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page)).toContainText('Saved on this device');
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('saved-offline-no-worker.png'),
    fullPage: true,
  });

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/workouts')).json()) as { pushups: number }[]).map(
          (w) => w.pushups,
        ),
      {
        timeout: 15_000,
      },
    )
    .toEqual([31]);
});

test('offline before the outbox could load, the member is told plainly that the set was not kept', async ({
  page,
  context,
  user: _user,
}) => {
  // The connection drops before the save's offline code and the toaster arrive (their files fail).
  await context.route(/\/assets\/(outbox|toaster)[^/]*\.js$/, (route) =>
    route.abort('internetdisconnected'),
  );
  await page.goto('/90second/log-workout');
  await expect(page.getByLabel('Push-ups')).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Push-ups').fill('29');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const note = toasts(page);
  await expect(note).toContainText('Failed to save workout');
  await expect(note).toContainText('this set could not be kept on this device');
  await page.screenshot({ path: test.info().outputPath('not-kept-no-worker.png'), fullPage: true });
  // The set is still on the screen for another try.
  await expect(page.getByLabel('Push-ups')).toHaveValue('29');
  await note.getByRole('button', { name: 'Close' }).click();
  await expect(note).toHaveCount(0);
});

test('a timer run that ends without a connection, with no service worker, is kept on the device', async ({
  page,
  context,
  user: _user,
}) => {
  await openTimerAt(page, '/90second/timer');
  // What a save needs offline is asked for as the run starts, beside the after-run screens.
  const outboxCode = page.waitForResponse((r) => /\/assets\/outbox-[^/]*\.js$/.test(r.url()));
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(3 * 800 + 1000);
  await outboxCode;
  await context.setOffline(true);
  await page.clock.runFor(90_000);
  const count = page.getByLabel('How many push-ups did you complete?');
  await expect(count).toBeVisible();
  await count.fill('26');
  await page.getByRole('button', { name: 'Save Workout' }).click();
  await expect(toasts(page)).toContainText('Saved on this device');
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
});
