import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, PASSWORD, test, uniqueName } from './fixtures';
import { startOwnServer, tempDir, type OwnServer } from './support/own-server';

// A club challenge from creation to its result card (docs/decisions/0258-club-challenges.md). The
// challenge is set and done on a server whose clock is five days back (e2e/support/fake-clock.mjs),
// then the same data is served with today's clock, when the challenge has ended. Its screens are
// pictured at both sizes in both themes here, so the desktop project does not run it again.
test.setTimeout(240_000);

const SHOTS = process.env.CLUBCH_SHOTS_DIR;
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

async function pictures(page: Page, name: string) {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const file = `${name}-${w}x${h}-${theme}.png`;
      await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${file}`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an admin sets a club challenge, members do sets, and its result shows once it ends', async ({
  page,
  browser,
}) => {
  test.skip(test.info().project.name !== 'phone', 'pictured at both sizes on the phone project');
  const dataDir = tempDir('club-challenges');
  const fakeNow = Date.now() - 5 * DAY;
  let server: OwnServer = await startOwnServer({ dataDir, fakeNow: new Date(fakeNow) });
  const other = await browser.newContext();
  try {
    const register = async (api: typeof page.request, prefix: string) => {
      const username = uniqueName(prefix);
      const res = await api.post(`${server.url}/api/register`, {
        data: { username, email: `${username}@example.com`, password: PASSWORD },
      });
      expect(res.status(), await res.text()).toBe(201);
      return username;
    };
    const save = async (api: typeof page.request, pushups: number) => {
      const res = await api.post(`${server.url}/api/workouts`, {
        data: { pushups },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    const admin = await register(page.context().request, 'adm');
    const made = await page.context().request.post(`${server.url}/api/clubs`, {
      data: { name: `Dawn ${uniqueName('c')}`, visibility: 'public' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { slug } = (await made.json()) as { slug: string };

    // The admin sets a two-day challenge from "today" (the server's), with a target of 30.
    await page.goto(`${server.url}/clubs/${slug}`);
    const section = page.getByRole('region', { name: 'Club challenges' });
    await expect(section.getByText('No challenges yet. Set one for the whole club.')).toBeVisible({
      timeout: 20_000,
    });
    await section.getByRole('button', { name: 'New challenge' }).click();
    const dialog = page.getByRole('dialog', { name: 'New club challenge' });
    await dialog.getByLabel('First day').fill(ymd(fakeNow));
    await dialog.getByLabel('Last day').fill(ymd(fakeNow - DAY));
    await dialog.getByLabel('Target (optional)').fill('30');
    await dialog.getByRole('button', { name: 'Set challenge' }).click();
    await expect(dialog.getByText('The end date must be on or after the start date')).toBeVisible();
    await expectNoA11yViolations(page);
    await pictures(page, 'create-dialog-error');
    await dialog.getByLabel('Last day').fill(ymd(fakeNow + DAY));
    await dialog.getByRole('button', { name: 'Set challenge' }).click();
    await expect(dialog).toBeHidden();
    const current = section.getByRole('list', { name: 'On now challenges' });
    await expect(current.getByRole('listitem')).toHaveCount(1);
    await expect(current).toContainText('Target 30 push-ups');

    // Members do their sets: the admin, and a member who joins after the challenge was set.
    await save(page.context().request, 24);
    const late = await register(other.request, 'late');
    const joined = await other.request.post(`${server.url}/api/clubs/${slug}/join`, { data: {} });
    expect(joined.status(), await joined.text()).toBe(200);
    await save(other.request, 35);
    await page.reload();
    await section.getByRole('button', { name: 'Board' }).click();
    const board = section.getByRole('list', { name: 'Challenge board' });
    await expect(board.getByRole('listitem')).toHaveCount(2);
    await expect(board.getByRole('listitem').first()).toContainText(late);
    await expect(board.getByRole('listitem').first()).toContainText('35');
    await expectNoA11yViolations(page);
    await pictures(page, 'current-board');

    // Five days on (today's clock, the same data): it has ended, with its result and card.
    await server.stop();
    server = await startOwnServer({ dataDir, port: server.port });
    await page.goto(`${server.url}/clubs/${slug}`);
    const ended = section.getByRole('list', { name: 'Ended challenges' });
    await expect(ended.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
    await ended.getByRole('button', { name: 'Result and board' }).click();
    const result = section.getByRole('region', { name: 'Result' });
    await expect(result.getByText(`Won by ${late} with 35 push-ups`)).toBeVisible();
    await expect(result.getByRole('list', { name: 'Podium' }).getByRole('listitem')).toHaveText([
      new RegExp(`1\\.${late}35 push-ups`),
      new RegExp(`2\\.${admin}24 push-ups`),
    ]);
    await expect(result).toContainText('2 members took part · 1 reached the target of 30 push-ups');
    await expectNoA11yViolations(page);
    await pictures(page, 'ended-result');
    const card = await result
      .getByRole('link', { name: 'Result card (image)' })
      .getAttribute('href');
    const png = await page.request.get(new URL(card!, server.url).toString());
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    if (SHOTS) (await import('node:fs')).writeFileSync(`${SHOTS}/result-card.png`, body);
  } finally {
    await other.close();
    await server.stop();
  }
});
