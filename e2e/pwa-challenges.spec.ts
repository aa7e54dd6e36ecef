import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { startOwnServer, tempDir, type OwnServer } from './support/own-server';
import { controlled } from './support/service-worker';

// The challenges the operator opened (CHALLENGES) reach a page whose shell the service worker
// served from its cache, and a restart with other challenges is seen on the next visit
// (docs/decisions/0195-open-challenges-beside-a-cached-shell.md).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'default' });

const THREE = 'pushup-90,burpees-or-bust,plank-drop';

/** The page's HTML came from the worker's cache: the server's copy names the open challenges. */
const fromCachedShell = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="fitbench-challenges"]') === null);

test('a return visit under the service worker opens every open challenge; a restart with other challenges is seen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = tempDir('data');
  let server: OwnServer | undefined = await startOwnServer({
    dataDir,
    env: { CHALLENGES: THREE },
    startTimeoutMs: 150_000,
  });
  try {
    const { port, url } = server;
    // A member signed in on this origin (the timer and the log need one).
    const username = uniqueName('sw');
    const member = await page.context().request.post(`${url}/api/register`, {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    expect(member.status(), await member.text()).toBe(201);

    await page.goto(`${url}/`);
    await controlled(page);
    // The second visit: the shell comes from the worker's cache.
    await page.reload();
    await page.goto(`${url}/burpees-or-bust/timer`);
    expect(await fromCachedShell(page)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Burpees or Bust timer' })).toBeVisible();
    await page.goto(`${url}/plank-drop/log-workout`);
    await expect(page.getByLabel('Time held')).toBeVisible();
    await page.goto(`${url}/plank-drop/leaderboard`);
    await expect(page.getByText('Plank Till You Drop · Longest hold per person')).toBeVisible();
    await page.goto(`${url}/burpees-or-bust/leaderboard`);
    await expect(page.getByText('Burpees or Bust · Best 2-minute set per person')).toBeVisible();
    await page.goto(`${url}/profile/plank-drop`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hold Stats' })).toBeVisible();
    await page.goto(`${url}/`);
    await expect(
      page.getByTestId('challenge-burpees-or-bust').getByRole('link', { name: 'Start Challenge' }),
    ).toHaveAttribute('href', '/burpees-or-bust/timer');
    await page.screenshot({
      path: test.info().outputPath('cached-shell-catalogue.png'),
      fullPage: true,
    });
    // A device that was never told (its record lost): the cached shell waits for the server's answer.
    await page.evaluate(() => localStorage.removeItem('fitbench:open-challenges'));
    await page.goto(`${url}/plank-drop/timer`);
    expect(await fromCachedShell(page)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Plank Till You Drop timer' })).toBeVisible();

    // The operator closes burpees: the same origin and data, another CHALLENGES.
    await server.stop();
    server = undefined;
    server = await startOwnServer({
      dataDir,
      port,
      env: { CHALLENGES: 'pushup-90,plank-drop' },
      startTimeoutMs: 150_000,
    });
    await page.goto(`${url}/`);
    expect(await fromCachedShell(page)).toBe(true);
    await expect(
      page.getByTestId('challenge-burpees-or-bust').getByRole('button', { name: 'Coming Soon' }),
    ).toBeDisabled();
    await expect(
      page.getByTestId('challenge-plank-drop').getByRole('link', { name: 'Start Challenge' }),
    ).toHaveAttribute('href', '/plank-drop/timer');
    await page.goto(`${url}/burpees-or-bust/timer`);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.goto(`${url}/plank-drop/timer`);
    await expect(page.getByRole('heading', { name: 'Plank Till You Drop timer' })).toBeVisible();
  } finally {
    await page.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
