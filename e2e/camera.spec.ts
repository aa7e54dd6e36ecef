import { chromium, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeClip, type ClipOptions } from './camera/make-y4m';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from './chromium';
import { expect, expectNoA11yViolations, registerUser, test, toasts } from './fixtures';

// Chromium plays a .y4m file as the camera; each clip needs its own browser launch.
// The clips: a face photo scaled at push-up pace (e2e/camera/make-y4m.ts).
const REPS = 4;
// The clip starts when the camera opens: the lead covers loading the model, setting the top
// position and the 3-2-1 (skipped by the fake clock) even on a busy machine.
const LEAD_S = 60;
const REP_S = 3;
const full: ClipOptions = {
  leadSeconds: LEAD_S,
  reps: REPS,
  repSeconds: REP_S,
  depth: 2.4,
  tailSeconds: 8,
};
const half: ClipOptions = { ...full, depth: 1.5 };
// The phone too close: the face is 60 % of the frame's width at the top.
const close: ClipOptions = {
  leadSeconds: 60,
  reps: 0,
  repSeconds: REP_S,
  depth: 2.4,
  tailSeconds: 0,
  topFraction: 0.8,
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-camera-'));
const clipFile = (name: string, o: ClipOptions) => {
  const file = path.join(dir, `${name}.y4m`);
  if (!fs.existsSync(file)) writeClip(file, o);
  return file;
};

async function launchWithCamera(clip: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(clip)],
  });
}

/** A signed-in phone-sized page in its own browser, failing on console errors and other hosts. */
async function cameraPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await context.grantPermissions(['camera'], { origin: baseURL });
  const user = await registerUser(context.request);
  const page = await context.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (
      !r.url().startsWith(baseURL) &&
      !r.url().startsWith('data:') &&
      !r.url().startsWith('blob:')
    )
      foreign.push(r.url());
  });
  return { page, user, errors, foreign };
}

/** Count with camera -> ready -> top position -> Start (the fake clock skips the 3-2-1). */
async function startCameraRun(page: Page, { checkA11y = false } = {}) {
  // The clock runs in real time (camera frames are real), and the test jumps it to end the run.
  await page.clock.install();
  await page.goto('/90second/timer');
  const camJs = page.waitForResponse((r) => r.url().endsWith('/camera/human.js'));
  const opened = Date.now();
  await page.getByRole('button', { name: 'Count with camera' }).click();
  expect((await camJs).status()).toBe(200);
  await expect(page.getByText('No image leaves this device')).toBeVisible();
  await expect(page.getByTestId('camera-status')).toHaveText(/Camera ready/, {
    timeout: (LEAD_S - 8) * 1000,
  });
  await expect(page.getByTestId('face-status')).toHaveText('Face found');
  // The guide, the preview and the calibration step, read by axe.
  if (checkA11y) await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Set top position' }).click();
  await expect(page.getByTestId('camera-status')).toHaveText(/Top position set/);
  await page.getByTestId('timer-start').click();
  await page.clock.fastForward(2400);
  await expect(page.getByTestId('timer-clock')).toBeVisible();
  // The run: the large live count and the small preview.
  if (checkA11y) await expectNoA11yViolations(page);
  const late = Date.now() - opened;
  expect(late, "the run must start before the clip's first rep").toBeLessThan((LEAD_S - 1) * 1000);
}

async function endRun(page: Page) {
  await page.clock.fastForward(90_000);
  await expect(page.getByLabel('How many push-ups did you complete?')).toBeVisible();
}

test.describe('Count with camera (fake camera)', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(
    ({ isMobile }) => !isMobile,
    'one browser launch per clip: run once, on the phone project',
  );

  let browser: Browser | undefined;
  test.afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  test(`counts ${REPS} push-ups, saves a verified workout shown under Verified only`, async ({
    baseURL,
  }) => {
    test.setTimeout(180_000);
    browser = await launchWithCamera(clipFile('full', full));
    const { page, user, errors, foreign } = await cameraPage(browser, baseURL!);

    await startCameraRun(page, { checkA11y: true });
    // The clip's reps end LEAD_S + REPS x REP_S seconds after the camera opened.
    await expect(page.getByTestId('camera-count')).toHaveText(String(REPS), {
      timeout: (LEAD_S + REPS * REP_S + 5) * 1000,
    });
    await endRun(page);

    const count = page.getByLabel('How many push-ups did you complete?');
    await expect(count).toHaveValue(String(REPS));
    await expect(page.getByTestId('camera-mark-note')).toContainText(`The camera counted ${REPS}`);
    // Raising the count by hand drops the mark, and the screen says so before saving.
    await page.getByRole('button', { name: 'Increase count' }).click();
    await expect(page.getByTestId('camera-mark-note')).toContainText(
      'saved without the Counted by camera mark',
    );
    await page.getByRole('button', { name: 'Decrease count' }).click();
    await expect(page.getByTestId('camera-mark-note')).toContainText('Saved as counted by camera');
    await expectNoA11yViolations(page);
    const post = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/workouts'),
    );
    // The test jumps the clock to end the run after a few real seconds, so the clip recorded meanwhile
    // is far shorter than a run: the server refuses it (422), which the browser logs. e2e/proof-clip.spec.ts
    // runs the whole 90 s and keeps its clip.
    const clip = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/workouts\/\d+\/clip$/.test(r.url()),
    );
    clip.catch(() => undefined);
    await page.getByRole('button', { name: 'Save Workout' }).click();
    await expect(page.getByRole('heading', { name: 'Workout Saved' })).toBeVisible();
    // A machine too busy to look at 8 frames a second makes a trace the server rightly refuses to
    // mark (docs/decisions/0120-plausible-camera-traces.md): that says nothing of the count, which
    // was checked above. Any other reason fails.
    const created = (await (await post).json()) as { tier: string; verificationNote?: string };
    test.skip(
      created.tier === 'entered' && /samples a second/.test(created.verificationNote ?? ''),
      `too busy to verify: ${created.verificationNote}`,
    );
    // Counted by the camera; Verified waits for the server's recount of a kept clip (this one is
    // too short to keep: refused below), common/tiers.ts.
    expect(created.tier, created.verificationNote).toBe('camera-counted');
    await expect(
      page.getByRole('main').getByRole('img', { name: 'Counted by camera' }),
    ).toBeVisible();
    const refused = await clip;
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The clip lasts/);

    const saved = await (await page.request.get('/api/workouts')).json();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ pushups: REPS, tier: 'camera-counted', verified: false });

    // The board shows the member's set with its tier.
    await page.getByRole('link', { name: 'View Leaderboard' }).click();
    const own = page.getByRole('tabpanel').getByTestId('leaderboard-own-row');
    await expect(own).toContainText(user.username);
    await expect(own.getByTestId('tier-badge')).toHaveAttribute('data-tier', 'camera-counted');

    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    expect(foreign).toEqual([]);
  });

  test('a half-depth clip counts 0', async ({ baseURL }) => {
    test.setTimeout(180_000);
    browser = await launchWithCamera(clipFile('half', half));
    const { page, errors } = await cameraPage(browser, baseURL!);
    // Records what is spoken (with one voice, so the voice path runs).
    await page.addInitScript(() => {
      const w = window as unknown as { __spoken: { text: string; at: number }[] };
      w.__spoken = [];
      speechSynthesis.getVoices = () => [
        { name: 'Test voice', lang: 'en-US' } as SpeechSynthesisVoice,
      ];
      speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
        if (u.text) w.__spoken.push({ text: u.text, at: performance.now() });
      };
      speechSynthesis.cancel = () => {};
    });
    await startCameraRun(page);
    // Let the whole clip's reps go by (the clip started when the camera opened).
    await page.waitForTimeout((LEAD_S + REPS * REP_S + 1) * 1000);
    await expect(page.getByTestId('camera-count')).toHaveText('0');
    // Each shallow rep is told on screen.
    await expect(page.getByTestId('camera-hint')).toHaveText(/^Go lower: 1\.[3-7]x of 1\.8x$/);
    // And said, at most every 5 s: 4 shallow reps 3 s apart are said once or twice.
    const said = (
      await page.evaluate(
        () => (window as unknown as { __spoken: { text: string; at: number }[] }).__spoken,
      )
    )
      .filter((x) => x.text === 'Go lower')
      .map((x) => x.at);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.length).toBeLessThan(REPS);
    for (let i = 1; i < said.length; i++)
      expect(said[i]! - said[i - 1]!).toBeGreaterThanOrEqual(5000);
    await endRun(page);
    const count = page.getByLabel('How many push-ups did you complete?');
    await expect(count).toHaveValue('0');
    // The entry says what happened, and nothing says it will be saved as counted by camera.
    const note = page.getByTestId('camera-mark-note');
    await expect(note).toContainText(
      'The camera counted no push-ups. At the deepest your face grew to 1.',
    );
    await expect(note).toContainText('a push-up counts from 1.8x. Go lower.');
    await expect(page.getByText('Saved as counted by camera')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.getByRole('button', { name: 'Type a count' }).click();
    await expect(count).toBeFocused();
    await page.keyboard.type('3');
    await expect(note).toContainText('a typed count is saved without the Counted by camera mark');
    expect(errors).toEqual([]);
  });

  test('a phone too close to the face: Set top position says to move it further away', async ({
    baseURL,
  }) => {
    test.setTimeout(90_000);
    browser = await launchWithCamera(clipFile('close', close));
    const { page, errors } = await cameraPage(browser, baseURL!);
    await page.goto('/90second/timer');
    await page.getByRole('button', { name: 'Count with camera' }).click();
    await expect(page.getByTestId('camera-status')).toHaveText(/Camera ready/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Set top position' }).click();
    await expect(page.getByTestId('camera-status')).toHaveText(/^Move the phone further away/);
    await expect(page.getByTestId('timer-start')).toBeDisabled();
    expect(errors).toEqual([]);
  });
});

test('no face in view: the camera is on but not called ready', async ({
  page,
  user: _user,
  isMobile,
}) => {
  test.skip(!isMobile, 'the camera model loads once per test: run once, on the phone project');
  // Chromium's own fake camera shows a test pattern, with no face in it.
  await page.goto('/90second/timer');
  await page.getByRole('button', { name: 'Count with camera' }).click();
  const status = page.getByTestId('camera-status');
  await expect(status).toHaveText(/^Camera on. Looking for your face/, { timeout: 30_000 });
  // Several frames looked at, and still no "ready".
  await expect
    .poll(
      async () => Number(await page.getByTestId('camera-preview').getAttribute('data-detections')),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(10);
  await expect(status).not.toContainText('ready');
  await expect(page.getByTestId('face-status')).toHaveText('Looking for your face');
});

test('no camera: a toast, and the run goes on with tap-to-count', async ({ page, user: _user }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      },
    });
  });
  await page.goto('/90second/timer');
  await page.getByRole('button', { name: 'Count with camera' }).click();
  await expect(toasts(page)).toContainText(
    'Camera Error: Could not access your camera. Please check permissions.',
  );
  await expect(toasts(page)).toContainText('Counting by tapping instead.');
  await expect(page.getByRole('button', { name: 'Count with camera' })).toBeVisible();
  await expect(page.getByTestId('timer-start')).toBeEnabled();
  await page.getByTestId('timer-start').click();
  await expect(page.getByTestId('ready-step')).toBeVisible();
});
