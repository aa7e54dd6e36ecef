import fs from 'node:fs';
import path from 'node:path';
import { addWorkout, expect, test, toasts } from './fixtures';
import { copyOfClient, startOwnServer } from './support/own-server';
import { controlled } from './support/service-worker';

// Installable and offline (docs/decisions/0055-pwa-and-offline-saves.md). Other specs block
// service workers (playwright.config.ts); these allow them.
test.use({ serviceWorkers: 'allow' });
// The worker registers lazily (after the first render), precaches the whole shell and then claims
// the page: on a loaded machine that takes a while, so these tests wait for it explicitly, with
// bounded but generous timeouts, instead of guessing a delay.
test.describe.configure({ mode: 'default' });
test.setTimeout(120_000);

const SW_TIMEOUT = 60_000;

test('installable: a manifest with the required fields and icons, and a registered service worker', async ({
  page,
}) => {
  await page.goto('/90second');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: expect.any(String),
    short_name: 'FitBench',
    start_url: '/90second',
    display: 'standalone',
    theme_color: '#059669',
    background_color: expect.any(String),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const buf = await png.body();
    const [w, h] = icon.sizes.split('x').map(Number);
    expect([buf.readUInt32BE(16), buf.readUInt32BE(20)]).toEqual([w, h]);
  }
  await controlled(page);
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  // Chromium's own installability check, over the DevTools protocol.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito windows, where Chromium never offers to install.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
});

test('offline: the timer opens, a save waits on the device and is sent exactly once when back online', async ({
  page,
  context,
  user: _user,
}) => {
  await addWorkout(context.request, { pushups: 27 });
  await page.goto('/90second');
  await controlled(page);
  await expect(page.getByRole('heading', { name: 'Your Progress' })).toBeVisible();
  await expect(page.getByText('27 push-ups')).toBeVisible();
  // What the screen loaded is kept on the device a moment later.
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((k) => k.startsWith('fitbench:cache:')),
  );

  await context.setOffline(true);
  await page.goto('/90second/timer');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await page.goto('/90second/log-workout');
  await page.getByLabel('Push-ups').fill('33');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  await expect(toasts(page)).toContainText('Saved on this device');

  // Opened again offline: what was last loaded, marked offline, and the waiting save on top.
  await page.goto('/90second');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const queued = page.getByTestId('queued-save');
  await expect(queued).toContainText('33 push-ups');
  await expect(queued).toContainText('Waiting to sync');
  await expect(page.getByText('27 push-ups')).toBeVisible();
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-home.png'), fullPage: true });

  await context.setOffline(false);
  await expect(queued).toHaveCount(0, { timeout: 15_000 });
  // The member is told the waiting set has gone.
  await expect(toasts(page)).toContainText('Your saved set was sent');
  // More triggers (a reload is an app start; visibility) change nothing: exactly one workout.
  await page.reload();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByTestId('workout-row').first()).toContainText('33');
  const list = await (await page.request.get('/api/workouts')).json();
  expect(list.filter((w: { pushups: number }) => w.pushups === 33)).toHaveLength(1);
});

test('a refused save is shown with the server message and kept; Retry sends it', async ({
  page,
  context,
  user: _user,
}) => {
  await page.goto('/90second');
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/90second/log-workout');
  await page.getByLabel('Push-ups').fill('44');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  // Back online, the server refuses the save once (as when the session ended).
  await context.route('**/api/workouts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'You need to sign in to do that.' }),
        })
      : route.continue(),
  );
  await context.setOffline(false);
  await page.goto('/90second');
  const queued = page.getByTestId('queued-save');
  await expect(queued).toContainText('Not saved: 401: You need to sign in to do that.');
  await context.unrouteAll();
  await queued.getByRole('button', { name: 'Retry' }).click();
  await expect(queued).toHaveCount(0, { timeout: 15_000 });
  await expect(toasts(page)).toContainText('Your saved set was sent');
  const list = await (await page.request.get('/api/workouts')).json();
  expect(list.filter((w: { pushups: number }) => w.pushups === 44)).toHaveLength(1);
});

test('a new version of the app shows "New version available"; Reload switches to it', async ({
  page,
}) => {
  // Its own server over a copy of the client: the next deploy is that copy's sw.js changed (the
  // browser fetches the worker script itself, past any route a test could set).
  const clientDir = copyOfClient();
  const server = await startOwnServer({ clientDir });
  try {
    await page.goto(`${server.url}/90second`);
    await controlled(page);
    const swFile = path.join(clientDir, 'sw.js');
    for (const ext of ['.br', '.gz']) fs.rmSync(swFile + ext, { force: true });
    fs.appendFileSync(swFile, '\n// the next version\n');
    // Coming back to the app looks for a new version.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const toast = toasts(page).filter({ hasText: 'New version available' });
    await expect(toast).toBeVisible({ timeout: SW_TIMEOUT });
    await expect(toast).toContainText('Reload to use the latest FitBench.');
    const waiting = () =>
      page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      );
    expect(await waiting()).toBe(true);

    await Promise.all([
      page.waitForEvent('load', { timeout: SW_TIMEOUT }),
      toast.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: SW_TIMEOUT,
    });
    expect(await waiting()).toBe(false);
    await expect(toasts(page).filter({ hasText: 'New version available' })).toHaveCount(0);
    // The page now runs under the new worker: its script is the changed one.
    const served = await page.evaluate(() => fetch('/sw.js').then((r) => r.text()));
    expect(served).toContain('the next version');
  } finally {
    await page.close();
    await server.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('signing out clears what the device kept of the member: waiting saves, screens, caches', async ({
  page,
  context,
  user,
}) => {
  await page.goto('/90second');
  await controlled(page);
  await expect(page.getByRole('heading', { name: 'Your Progress' })).toBeVisible();
  await context.setOffline(true);
  await page.goto('/90second/log-workout');
  await page.getByLabel('Push-ups').fill('12');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('waiting-to-sync')).toBeVisible();
  const kept = () =>
    page.evaluate(async (userId) => {
      // Which challenges are open is the device's, not the member's (client/src/lib/challenges.ts).
      const keys = Object.keys(localStorage).filter(
        (k) => k.startsWith('fitbench:') && k !== 'fitbench:open-challenges',
      );
      const saves = await new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fitbench-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result
            .transaction('saves')
            .objectStore('saves')
            .index('byUser')
            .count(userId);
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      });
      const caches_ = (await caches.keys()).filter((name) => !name.startsWith('workbox-precache'));
      return { keys, saves, caches: caches_ };
    }, user.id);
  const before = await kept();
  expect(before.saves).toBe(1);
  expect(before.keys).toEqual(
    expect.arrayContaining([
      'fitbench:last-user',
      `fitbench:outbox:${user.id}`,
      `fitbench:cache:${user.id}`,
    ]),
  );

  await context.setOffline(false);
  // Its sending fails (no connection for it), so the save is still waiting at the sign-out.
  await context.route('**/api/workouts', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toasts(page)).toContainText('Logged out');
  await expect.poll(kept).toEqual({ keys: [], saves: 0, caches: [] });
  // The app shell stays precached: the next member still opens it offline.
  expect(
    (await page.evaluate(() => caches.keys())).some((name) => name.startsWith('workbox-precache')),
  ).toBe(true);
});
