import { expectNoA11yViolations, toasts } from './fixtures';
import { expect, test } from './challenges-server';
import { controlled } from './support/service-worker';

// A hold logged without a connection (e2e/challenges-server.ts opens the plank): it waits on the
// device naming its challenge, shows in its unit, and is sent as a plank set once back online.
// The service worker serves the lazily loaded outbox code offline (as in e2e/pwa.spec.ts).
test.use({ serviceWorkers: 'allow' });

test('an offline plank log waits on the device with its challenge and is sent as a plank set', async ({
  page,
  context,
  user: _user,
}) => {
  test.setTimeout(120_000);
  await page.goto('/plank-drop/log-workout');
  await controlled(page);
  const seconds = page.getByLabel('Time held');
  await expect(seconds).toBeVisible();
  await seconds.fill('1:05');
  await expect(page.getByTestId('hold-display')).toHaveText('Will be saved as 1:05');
  await expectNoA11yViolations(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  await expect(page.getByTestId('saved-count')).toHaveText('1:05');
  await expect(toasts(page)).toContainText('Saved on this device');
  const queued = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('fitbench-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('saves').objectStore('saves').getAll();
          all.onsuccess = () => resolve(all.result.map((s: { body: unknown }) => s.body));
        };
      }),
  );
  expect(queued).toMatchObject([{ challenge: 'plank-drop', score: 65 }]);

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/workouts?challenge=plank-drop')).json()) as unknown[],
      { timeout: 15_000 },
    )
    .toMatchObject([{ challenge: 'plank-drop', score: 65 }]);
  expect(await (await page.request.get('/api/workouts?challenge=pushup-90')).json()).toEqual([]);
});
