import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, PASSWORD, test, toasts, uniqueName } from './fixtures';
import { startOwnServer, tempDir, type OwnServer } from './support/own-server';

// Tiers on the boards and the moderators' review queue (docs/decisions/0244-tiers-shown-and-reviewed.md):
// two recounted sets in the Verified board's top three wait for review, the longest waiting
// first; a moderator reviews one and it shows "Reviewed". Sets are made recounted on the stopped
// server's data (e2e/support/recount-sets.ts), as the moderator role is granted.
test.setTimeout(240_000);

const SHOTS = '/tmp/shots-tiers';

test('a moderator reviews the longest-waiting set and the board shows it reviewed', async ({
  page,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir('tiers');
  let server: OwnServer = await startOwnServer({ dataDir });
  const api = page.context().request;
  const as = async (username: string) => {
    await page.context().clearCookies();
    const res = await api.post(`${server.url}/api/login`, {
      data: { username, password: PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const register = async (prefix: string) => {
    const username = uniqueName(prefix);
    const res = await api.post(`${server.url}/api/register`, {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(201);
    return username;
  };
  const save = async (pushups: number) => {
    const res = await api.post(`${server.url}/api/workouts`, {
      data: { pushups },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const offline = (cmd: string[], env: Record<string, string> = {}) => {
    const run = spawnSync('npx', cmd, {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  };
  try {
    const moderator = await register('mod');
    const fresh = await register('fresh');
    const freshSet = await save(60);
    const patient = await register('patient');
    const patientSet = await save(50);
    const typed = await register('typed');
    await save(90);

    // The recount's outcome and the role, on the stopped server's data.
    await server.stop();
    offline(['tsx', 'e2e/support/recount-sets.ts', `${freshSet}:1`, `${patientSet}:6`]);
    offline(['tsx', 'server/src/cli/moderator.ts', 'grant', moderator]);
    server = await startOwnServer({ dataDir, port: server.port });

    // Anyone: the Verified board's top three say "Awaiting review"; each row says its tier.
    await page.goto(`${server.url}/leaderboard?verified=1`);
    const rows = page.getByRole('tabpanel').getByRole('listitem');
    await expect(rows.filter({ hasText: fresh }).getByTestId('awaiting-review')).toBeVisible();
    await expect(rows.filter({ hasText: patient }).getByText('Recounted')).toBeVisible();
    await expect(rows.filter({ hasText: typed })).toHaveCount(0);
    await page.getByRole('button', { name: 'Score tiers' }).click();
    const legend = page.getByTestId('tier-legend');
    await expect(legend).toContainText('A moderator watched the proof clip and agreed.');
    await page.screenshot({ path: `${SHOTS}/board-legend-390.png` });
    await page.keyboard.press('Escape');

    // The member's own set: "In review".
    await as(patient);
    const mine = await (await api.get(`${server.url}/api/workouts`)).json();
    expect(mine[0]).toMatchObject({ tier: 'recounted', tierNote: { kind: 'in-review' } });
    await page.goto(`${server.url}/profile/pushup-90`);
    const note = page.getByTestId('tier-note');
    await expect(note).toHaveAttribute('data-kind', 'in-review');
    await expect(note).toContainText('In review:');
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/history-in-review-390.png` });

    // The moderator's main queue: the longest waiting first, with how long.
    await as(moderator);
    await page.goto(`${server.url}/moderation`);
    const items = page.getByTestId('review-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(patient);
    await expect(items.nth(0).getByTestId('waited')).toHaveText('Waiting 6 hours');
    await expect(items.nth(1)).toContainText(fresh);
    await expect(items.nth(1).getByTestId('waited')).toHaveText('Waiting 1 hour');
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/queue-${w}-${scheme}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });

    await items.nth(0).getByRole('button', { name: 'Review: agree' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Agree with the count?' });
    await confirm.getByLabel('Reason').fill('Fifty clean reps in the clip');
    await confirm.getByRole('button', { name: 'Mark reviewed' }).click();
    await expect(toasts(page).getByText('Set reviewed')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toContainText(fresh);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(
      page.getByTestId('audit-line').filter({ hasText: 'Marked the clip reviewed' }),
    ).toBeVisible();

    // The board shows it reviewed, no longer awaiting review.
    await page.goto(`${server.url}/leaderboard?verified=1`);
    const reviewed = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: patient });
    await expect(reviewed.getByText('Reviewed')).toBeVisible();
    await expect(reviewed.getByTestId('awaiting-review')).toHaveCount(0);
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/board-${w}-${scheme}.png` });
        await page.getByRole('button', { name: 'Score tiers' }).click();
        await expect(page.getByTestId('tier-legend')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/legend-${w}-${scheme}.png` });
        await page.keyboard.press('Escape');
      }
    }
  } finally {
    await server.stop();
  }
});
