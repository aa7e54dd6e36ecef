// Camera counting figures in headless Chromium on this machine (targets: >= 15 detections a second,
// <= 3 s from "Count with camera" to ready), and the size of the model and runtime files, which
// are downloaded only when a member chooses the camera. Runs alone (`npx tsx bench/camera.ts`)
// and from `npm run bench:web`. The camera is Chromium's fake one playing a generated clip.
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeClip } from '../e2e/camera/make-y4m';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from '../e2e/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_CAMERA_PORT ?? 7090);
const BASE = `http://127.0.0.1:${PORT}`;
const TRIES = 3;
const FPS_WINDOW_MS = 5000;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function modelFiles() {
  const dir = path.join(ROOT, 'dist/client/camera');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => !/\.(gz|br)$/.test(f) && fs.statSync(path.join(dir, f)).isFile(),
  );
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : null);
  return files.map((f) => {
    const p = path.join(dir, f);
    const raw = size(p)!;
    return { file: `/camera/${f}`, raw, br: size(`${p}.br`) ?? raw, gz: size(`${p}.gz`) ?? raw };
  });
}

async function waitForHealth(base: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not start');
}

/** Alone: builds if stale and starts the compiled app on a scratch folder, then measures. */
async function runAlone(): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('build failed');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-camera-app-'));
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  });
  try {
    await waitForHealth(BASE, Date.now() + 60_000);
    await cameraBench({ baseUrl: BASE });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The figures, against an app already running at `baseUrl` (bench/web.ts passes its own). */
export async function cameraBench({ baseUrl }: { baseUrl: string }): Promise<void> {
  const BASE = baseUrl;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-camera-bench-'));
  const clip = path.join(tmp, 'reps.y4m');
  // 30 frames a second, as a phone's front camera delivers: the figure is then the detector's own
  // rate, not capped by the clip's.
  writeClip(clip, {
    leadSeconds: 2,
    reps: 30,
    repSeconds: 1.5,
    depth: 2.4,
    tailSeconds: 2,
    fps: 30,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(clip)],
  });
  try {
    const readyMs: number[] = [];
    const fps: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      // A new context each time: an empty HTTP cache, so the model files are downloaded again.
      const context = await browser.newContext({
        baseURL: BASE,
        viewport: { width: 390, height: 844 },
      });
      const name = `bench${Date.now().toString(36)}${i}`;
      const reg = await context.request.post('/api/register', {
        data: { username: name, email: `${name}@example.com`, password: 'Pushup-Power-42' },
      });
      if (!reg.ok()) throw new Error(`register: ${reg.status()}`);
      const page = await context.newPage();
      await page.goto('/90second/timer');
      const button = page.getByRole('button', { name: 'Count with camera' });
      await button.waitFor();
      const t0 = Date.now();
      await button.click();
      await page.getByText(/Camera ready/).waitFor({ timeout: 60_000 });
      readyMs.push(Date.now() - t0);
      const detections = () =>
        page
          .getByTestId('camera-preview')
          .evaluate((v) => Number(v.getAttribute('data-detections') ?? 0));
      const d0 = await detections();
      const s0 = Date.now();
      await page.waitForTimeout(FPS_WINDOW_MS);
      fps.push(((await detections()) - d0) / ((Date.now() - s0) / 1000));
      await context.close();
    }
    const files = modelFiles();
    const total = files.reduce(
      (a, f) => ({ raw: a.raw + f.raw, br: a.br + f.br, gz: a.gz + f.gz }),
      { raw: 0, br: 0, gz: 0 },
    );
    console.log(
      `camera: "Count with camera" to ready, median of ${TRIES} (cold cache): ${median(readyMs)} ms [${readyMs.join(', ')}] (target <= 3000)`,
    );
    console.log(
      `camera: face detections per second, median of ${TRIES}: ${median(fps).toFixed(1)} [${fps.map((f) => f.toFixed(1)).join(', ')}] (target >= 15; the fake camera plays 30 frames a second)`,
    );
    for (const f of files)
      console.log(`camera: ${f.file}  ${kb(f.raw)} (br ${kb(f.br)}, gzip ${kb(f.gz)})`);
    console.log(
      `camera: model + runtime total ${kb(total.raw)} (br ${kb(total.br)}, gzip ${kb(total.gz)}), loaded only on "Count with camera"`,
    );
    console.log(
      `camera: machine load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runAlone();
}
