import { chromium, type Browser } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeClip, type ClipOptions } from './camera/make-y4m';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from './chromium';
import { expect, registerUser, test } from './fixtures';

// Records the camera traces the app sends for fake-camera clips, into
// common/testing/recorded-traces/ (the plausibility rules' tests replay them: docs/decisions/0120).
// Runs only when asked: RECORD_TRACES=1 npx playwright test record-traces --project phone
const OUT = path.resolve(import.meta.dirname, '../common/testing/recorded-traces');
const LEAD_S = 30;
const clips: Record<string, ClipOptions> = {
  // The clip of e2e/camera.spec.ts.
  'camera-spec-3000ms': { leadSeconds: LEAD_S, reps: 4, repSeconds: 3, depth: 2.4, tailSeconds: 8 },
  // A machine-perfect metronome: the rep times' spread comes from the camera loop alone.
  'metronome-1500ms': {
    leadSeconds: LEAD_S,
    reps: 12,
    repSeconds: 1.5,
    depth: 2.4,
    tailSeconds: 6,
  },
  'metronome-900ms': { leadSeconds: LEAD_S, reps: 16, repSeconds: 0.9, depth: 2.4, tailSeconds: 6 },
  // Reps of uneven length, as a person's.
  'uneven-1200ms': {
    leadSeconds: LEAD_S,
    reps: 12,
    repSeconds: 1.2,
    depth: 2.4,
    tailSeconds: 6,
    repJitter: 0.15,
  },
};

test.describe('record camera traces', () => {
  test.skip(!process.env.RECORD_TRACES, 'set RECORD_TRACES=1 to record');
  test.skip(({ isMobile }) => !isMobile, 'phone project only');
  test.describe.configure({ mode: 'serial' });
  let browser: Browser | undefined;
  test.afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  for (const [name, clip] of Object.entries(clips)) {
    test(name, async ({ baseURL }) => {
      test.setTimeout(180_000);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-record-'));
      const file = path.join(dir, `${name}.y4m`);
      writeClip(file, clip);
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, ...fakeCameraArgs(file)],
      });
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      await context.grantPermissions(['camera'], { origin: baseURL! });
      await registerUser(context.request);
      const page = await context.newPage();
      await page.clock.install();
      await page.goto('/90second/timer');
      await page.getByRole('button', { name: 'Count with camera' }).click();
      await expect(page.getByTestId('camera-status')).toHaveText(/Camera ready/, {
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Set top position' }).click();
      await expect(page.getByTestId('camera-status')).toHaveText(/Top position set/);
      await page.getByTestId('timer-start').click();
      await page.clock.fastForward(2400);
      await expect(page.getByTestId('camera-count')).toHaveText(String(clip.reps), {
        timeout: 90_000,
      });
      // The tail at the top, then the end of the run.
      await page.waitForTimeout(clip.tailSeconds * 1000 - 1000);
      await page.clock.fastForward(90_000);
      const saved = page.waitForRequest(
        (r) => r.url().endsWith('/api/workouts') && r.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save Workout' }).click();
      const body = (await saved).postDataJSON() as {
        pushups: number;
        verification: { trace: unknown };
      };
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(
        path.join(OUT, `${name}.json`),
        `${JSON.stringify({ clip, pushups: body.pushups, trace: body.verification.trace })}\n`,
      );
    });
  }
});
