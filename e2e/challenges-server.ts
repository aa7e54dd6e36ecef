import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// Specs of the challenges beyond push-ups run against a server of their own, started with
// CHALLENGES=pushup-90,burpees-or-bust,plank-drop (the shared server of playwright.config.ts keeps
// the default: only push-ups open, as the specification ships). One such server per Playwright
// worker, started on the first test that asks for it and stopped with the worker; the shared
// server's start builds the app first (scripts/e2e-server.mjs), so this one runs that build.
//
//   import { test, expect, addChallengeWorkout } from './challenges-server';
//
// Every test of a spec that imports this `test` talks to that server: `page`, `request` and the
// `user` fixture (a fresh member signed in on the page) all use its origin as their base URL.

export const OPEN_CHALLENGES = ['pushup-90', 'burpees-or-bust', 'plank-drop'] as const;

interface WorkerFixtures {
  challengesServer: OwnServer;
}

export const test = base.extend<object, WorkerFixtures>({
  challengesServer: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Started while the shared server and the browsers load the machine: give it time.
      const server = await startOwnServer({
        env: {
          CHALLENGES: OPEN_CHALLENGES.join(','),
          SAVE_MAX: '100000',
          HOLD_START_SLACK_SECONDS: '86400',
        },
        startTimeoutMs: 150_000,
      });
      await use(server);
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ challengesServer }, use) => {
    await use(challengesServer.url);
  },
});

/** Saves a set of any open challenge for the member signed in on `request`. */
export async function addChallengeWorkout(
  request: APIRequestContext,
  body: { challenge: string; score: number; notes?: string; createdAt?: string },
) {
  const res = await request.post('/api/workouts', {
    data: body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json() as Promise<{ id: number; challenge: string; score: number }>;
}

export { expect };
