import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, toasts } from './fixtures';

// Reminders (docs/decisions/0234-reminders.md, 0237-push-in-the-service-worker.md): the settings
// section, and a push delivered to the service worker through the DevTools Protocol.

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page
    .getByRole('region', { name: 'Reminders' })
    .screenshot({ path: `${dir}/${name}-${size?.width}x${size?.height}.png` });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the reminders section: quiet hours refused, settings saved (${theme})`, async ({
    page,
    user,
  }) => {
    expect(user.username).toBeTruthy();
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/profile/settings');
    const section = page.getByRole('region', { name: 'Reminders' });
    await expect(section.getByRole('switch', { name: 'My weekly goal' })).toBeVisible();
    await shot(page, `reminders-${theme}`);
    await expectNoA11yViolations(page);

    await section.getByRole('switch', { name: 'My weekly goal' }).click();
    await section.getByLabel('Time').fill('22:30');
    await section.getByRole('button', { name: 'Save reminders' }).click();
    await expect(
      section.getByText(
        'Reminders are never sent between 22:00 and 07:00. Choose a time from 07:00 to 21:59.',
      ),
    ).toBeVisible();
    await shot(page, `reminders-quiet-${theme}`);

    await section.getByLabel('Time').fill('07:30');
    await section.getByRole('button', { name: 'Save reminders' }).click();
    await expect(toasts(page)).toContainText('Reminders saved');
    const saved = await (await page.request.get('/api/reminders')).json();
    expect(saved).toMatchObject({
      weeklyGoal: true,
      planDays: false,
      time: '07:30',
      email: true,
      push: false,
    });
  });
}

test('push turned on where notifications are blocked says so', async ({ page, user }) => {
  expect(user.username).toBeTruthy();
  await page.goto('/profile/settings');
  await page.evaluate(() => {
    Object.defineProperty(Notification, 'requestPermission', {
      value: () => Promise.resolve('denied'),
    });
  });
  const section = page.getByRole('region', { name: 'Reminders' });
  await section.getByRole('switch', { name: 'Notifications on this device' }).click();
  await expect(section.getByText(/Notifications are blocked for this site/)).toBeVisible();
  await expect(
    section.getByRole('switch', { name: 'Notifications on this device' }),
  ).not.toBeChecked();
});

test.describe('a reminder by push', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(120_000);

  test('shows the notification, and its tap opens /plans/today', async ({
    page,
    user,
    baseURL,
  }) => {
    expect(user.username).toBeTruthy();
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: {
        registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
      }) => {
        for (const r of e.registrations)
          if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
      },
    );
    await cdp.send('ServiceWorker.enable');
    await page.goto('/profile/settings');
    await expect(page.getByRole('region', { name: 'Reminders' })).toBeVisible();
    // The worker registers after the first render and claims the page once its precache is done.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: 60_000,
    });
    const origin = new URL(baseURL!).origin;
    await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

    const payload = {
      title: "Today's session is waiting",
      body: 'A session of your plan is due today.',
      url: '/plans/today',
      tag: 'fitbench-reminder-plan',
      offUrl: `${origin}/api/reminders/unsubscribe?token=1.x`,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: '/plans/today', offUrl: payload.offUrl },
      },
    ]);

    // Headless Chromium has no notification to tap: the worker gets the click its notification
    // would send (the same handler, the notification it showed).
    const worker = page.context().serviceWorkers()[0]!;
    await worker.evaluate(async () => {
      // The worker's global scope (the test's types are the page's).
      const sw = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(
        new sw.NotificationEvent('notificationclick', { notification: notification! }),
      );
    });
    await expect(page).toHaveURL(/\/plans\/today$/);
  });
});
