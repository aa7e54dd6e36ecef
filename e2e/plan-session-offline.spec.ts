import type { Page } from '@playwright/test';
import { addWorkout, expect, expectNoA11yViolations, test, toasts } from './fixtures';
import { controlled } from './support/service-worker';

// A plan session finished and saved without a connection (docs/decisions/0312-plan-sessions-in-the-outbox.md):
// it waits in the device's outbox with its idempotency key, still waits after a reload offline,
// and is recorded once when the connection returns. The service worker serves the app offline
// (as in e2e/pwa.spec.ts and e2e/challenge-run-offline.spec.ts).
test.use({ serviceWorkers: 'allow' });

/** The plan sessions waiting in the device's outbox (IndexedDB `fitbench-outbox`). */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string; kind: string; path: string; body: unknown }[]>(
        (resolve, reject) => {
          const open = indexedDB.open('fitbench-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('requests').objectStore('requests').getAll();
            all.onsuccess = () => resolve(all.result);
          };
        },
      ),
  );

interface PlanAnswer {
  id: number;
  today: string;
  sessionsDone: number;
  sessions: {
    id: number;
    dueOn: string;
    done: number[] | null;
    prescription: { sets: number[] };
  }[];
}

test('a plan session saved offline waits on the device across a reload and is recorded once back online', async ({
  page,
  context,
  user: _user,
}) => {
  test.setTimeout(120_000);
  const api = context.request;
  // A test set places the plan; its days start today (the member's zone: UTC).
  await addWorkout(api, { pushups: 40 });
  const d = new Date().getUTCDay();
  const started = await api.post('/api/plans', {
    data: { challenge: 'pushup-90', days: [d, (d + 2) % 7, (d + 4) % 7] },
  });
  expect(started.status(), await started.text()).toBe(201);
  const plan = (await started.json()) as PlanAnswer;
  const first = plan.sessions[0]!;
  expect(first.dueOn).toBe(plan.today);
  const sets = first.prescription.sets;

  await page.goto('/plans/today');
  await controlled(page);
  await expect(page.getByTestId('set-number')).toHaveText(`Set 1 of ${sets.length}`);
  // What the screen loaded is kept on the device a moment later (it opens offline from there).
  await page.waitForFunction(() =>
    Object.entries(localStorage).some(
      ([k, v]) => k.startsWith('fitbench:cache:') && v.includes('today'),
    ),
  );

  await context.setOffline(true);
  for (let set = 1; set <= sets.length; set++) {
    await expect(page.getByTestId('set-number')).toHaveText(`Set ${set} of ${sets.length}`);
    await page.getByRole('button', { name: 'Set done' }).click();
    if (set < sets.length) await page.getByRole('button', { name: 'Skip rest' }).click();
  }
  await expect(page.getByTestId('session-finished')).toHaveText(`All ${sets.length} sets done`);
  await page.getByRole('button', { name: 'Save session' }).click();
  const waiting = page.getByTestId('session-waiting');
  await expect(waiting).toContainText(
    'Saved on this device; it will be sent when you are back online.',
  );
  await expect(waiting).toContainText('Waiting to sync');
  await expect(page.getByRole('button', { name: 'Save session' })).toHaveCount(0);
  const queued = await outbox(page);
  expect(queued).toMatchObject([
    {
      kind: 'plan-session',
      path: `/api/plans/${plan.id}/sessions/${first.id}/done`,
      body: { done: sets },
    },
  ]);
  expect(queued[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoA11yViolations(page);
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(waiting).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`session-waiting-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // Reloaded, still offline: the session still waits, the same entry in the outbox.
  await page.reload();
  await expect(waiting).toContainText('Waiting to sync');
  expect((await outbox(page)).map((q) => q.key)).toEqual([queued[0]!.key]);

  await context.setOffline(false);
  await expect(toasts(page)).toContainText('Your saved session was sent');
  await expect(waiting).toHaveCount(0);
  const plansAnswer = async () =>
    (await (await api.get(`/api/plans/${plan.id}`)).json()) as PlanAnswer;
  let after = await plansAnswer();
  expect(after.sessionsDone).toBe(1);
  expect(after.sessions[0]!.done).toEqual(sets);
  // More triggers (a reload is an app start; visibility) change nothing: recorded once.
  await page.reload();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect(await outbox(page)).toEqual([]);
  after = await plansAnswer();
  expect(after.sessionsDone).toBe(1);
  expect(after.sessions.filter((s) => s.done !== null)).toHaveLength(1);
});
