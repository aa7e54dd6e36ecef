import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fakeCameraArgs } from './e2e/chromium';

// A port per run, so several runs on one machine do not collide (override with E2E_PORT).
// Set in the runner's env so its worker processes (which load this file again) agree on it.
process.env.E2E_PORT ??= String(5200 + (process.pid % 700));
const PORT = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `fitbench-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

const CI = Boolean(process.env.CI);

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, ...fakeCameraArgs()],
};

// The desktop project runs what the wide layout changes: the header navigation, the wider
// screens, dialogs and forms, the boards, profiles, clubs and moderation, axe in the light theme.
// These specs drive flows whose screens are the phone's, so a second run at 1280x800 checked the
// same code twice (a third of the e2e time): docs/decisions/0186-desktop-e2e-scope.md. The run's
// own flows and the address change joined them: docs/decisions/0287-more-phone-only-flows.md;
// so did the German and Spanish loop (e2e/i18n-loop.spec.ts), phone screens throughout, and the
// feed's paging (e2e/feed-pages.spec.ts: what it checks is the cursor, not the layout).
const PHONE_ONLY_SPECS = [
  'after-save',
  'camera',
  'challenge-run-burpees',
  'challenge-run-offline',
  'challenge-run-plank',
  'feed-pages',
  'history',
  'i18n-loop',
  'leaderboard-state',
  'log-ranges',
  'log-workout',
  'offline-without-worker',
  'password-reset',
  'plan-session-offline',
  'proof-clip',
  'pwa',
  'pwa-challenges',
  'record-traces',
  'run-payoff',
  'settings',
  'share',
  'signed-out-elsewhere',
  'timer',
  'undo-email-change',
  'visible-text',
  'weekly-goal',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  // CI shares two cores with other work: a test whose screen came late gets one more try, and the
  // report names it flaky (docs/decisions/0187-ci-retries-under-load.md). Locally a test runs once.
  retries: CI ? 1 : 0,
  timeout: CI ? 60_000 : 30_000,
  expect: { timeout: CI ? 15_000 : 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? '.playwright-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test CPU that a passing test throws away: on CI only the retry
    // of a failed test records one (its second try is the one a reader needs), locally a failure
    // keeps its trace (docs/decisions/0262-the-test-loop.md).
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker would outlive a test's routes and clock; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      testIgnore: PHONE_ONLY_SPECS,
      // The dark theme's colours are the same tokens at every width: read once, on the phone.
      grepInvert: /in the dark theme/,
    },
  ],
  webServer: {
    // The built client is served by the API server, as in production.
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTER_MAX: '100000',
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_IP_MAX_FAILURES: '100000',
      // Every spec saves from one browser; the save limit has its own API tests.
      SAVE_MAX: '100000',
      // Holds fast-forwarded by the browser's clock end long before the server's clock says they could
      // (a new member's 10-minute plank); the rule has its own API tests (timed-score-start.test.ts).
      HOLD_START_SLACK_SECONDS: '86400',
      NODE_ENV: 'test',
    },
  },
});
