import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syntheticTrace } from '../common/testing/synthetic-trace';
import { expect, expectNoA11yViolations, test } from './fixtures';

// "Watch proof" without the camera (docs/decisions/0159-watch-proof.md): a verified set saved
// through the API with a 90-second clip made by ffmpeg, then the board's dialog and the set's
// details, at the project's size. The camera run itself: e2e/proof-clip.spec.ts.
const clipFile = path.join(os.tmpdir(), 'fitbench-e2e-watch-proof.webm');
function clip(): string {
  if (!fs.existsSync(clipFile)) {
    // Two workers may make it at once: each writes its own file, then moves it in place whole.
    const tmp = `${clipFile}.${process.pid}.webm`;
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=90',
      '-c:v',
      'libvpx',
      '-b:v',
      '56k',
      tmp,
    ]);
    fs.renameSync(tmp, clipFile);
  }
  return fs.readFileSync(clipFile).toString('base64');
}

test("Watch proof plays a public clip from the board and from the set's details", async ({
  page,
  user,
}, info) => {
  test.setTimeout(120_000);
  const saved = await page.request.post('/api/workouts', {
    data: {
      pushups: 6,
      verification: { method: 'camera-face', trace: syntheticTrace({ reps: 6 }) },
    },
  });
  const { id, tier } = (await saved.json()) as { id: number; tier: string };
  expect(tier).toBe('camera-counted');
  expect(
    (await page.request.put(`/api/workouts/${id}/clip`, { data: { webm: clip() } })).status(),
  ).toBe(200);
  expect((await page.request.patch('/api/profile', { data: { clipsPublic: true } })).status()).toBe(
    200,
  );
  const size = info.project.name;

  // Camera-counted (its clip is not a face the server can recount). The Following board holds the
  // member and nobody else: on the shared e2e database, Everyone's first page may be full of
  // higher counts from the specs that ran before this one.
  await page.goto('/90second/leaderboard?scope=following');
  const watch = page.getByRole('button', { name: `Watch proof of ${user.username}'s 6 push-ups` });
  await expect(watch).toBeVisible();
  await page.screenshot({ path: info.outputPath(`board-${size}.png`) });
  await watch.click();
  const dialog = page.getByRole('dialog', { name: `Proof: ${user.username}'s 6 push-ups` });
  await expect(dialog.getByTestId('proof-clip')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  });
  const duration = await dialog.locator('video').evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(80);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: info.outputPath(`board-dialog-${size}.png`) });
  await page.keyboard.press('Escape');

  await page.goto(`/90second/users/${user.username}`);
  await page.getByTestId('workout-row').first().click();
  const details = page.getByRole('dialog', { name: 'Workout details' });
  await details.getByRole('button', { name: 'Watch proof' }).click();
  await expect(details.getByTestId('proof-clip')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  });
  await page.screenshot({ path: info.outputPath(`details-${size}.png`) });

  // The clip gone meanwhile: said on screen, with Try again.
  await page.route('**/api/workouts/*/clip**', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"Clip not found."}',
    }),
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('workout-row').first().click();
  await details.getByRole('button', { name: 'Watch proof' }).click();
  await expect(details.getByRole('alert')).toContainText('The clip could not be played.');
  await page.screenshot({ path: info.outputPath(`details-error-${size}.png`) });
});
