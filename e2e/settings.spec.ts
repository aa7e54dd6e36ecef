import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, PASSWORD, test, toasts } from './fixtures';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'Violet-Kettle-93';

// Set SHOTS_DIR to keep screenshots of each state (looked at by hand; not compared).
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: `${dir}/${name}-${size?.width}x${size?.height}.png`,
    fullPage: true,
  });
}

/** Another device signed in as the same user, with its own User-Agent. */
async function otherDevice(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  username: string,
  userAgent: string,
  password = PASSWORD,
) {
  const ctx = await playwright.request.newContext({ baseURL, userAgent });
  const res = await ctx.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

async function openSettings(page: Page) {
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test.describe('account settings', () => {
  test('change password: checks the fields, says why, then changes it and signs other devices out', async ({
    page,
    user,
    playwright,
    baseURL,
  }) => {
    const phone = await otherDevice(playwright, baseURL, user.username, ANDROID_CHROME);
    await openSettings(page);
    await expect(page.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'settings');

    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Enter your current password')).toBeVisible();
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill('something-else');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two new passwords do not match')).toBeVisible();
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('That is not your current password.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'settings-password-error');

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page)).toContainText('Password changed');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    expect((await phone.get('/api/user')).status()).toBe(401);
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
    await phone.dispose();
  });

  test("where you're signed in: each device, sign one out, then everywhere else", async ({
    page,
    user,
    playwright,
    baseURL,
  }) => {
    const phone = await otherDevice(playwright, baseURL, user.username, ANDROID_CHROME);
    const tablet = await otherDevice(playwright, baseURL, user.username, IPHONE_SAFARI);
    await openSettings(page);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3);
    await expect(devices).toContainText('Chrome on Android');
    await expect(devices).toContainText('Safari on iPhone');
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await expectNoA11yViolations(page);

    await devices.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    expect((await phone.get('/api/user')).status()).toBe(401);
    expect((await tablet.get('/api/user')).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toasts(page)).toContainText('Signed out everywhere else');
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
    expect((await tablet.get('/api/user')).status()).toBe(401);
    // This device is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await shot(page, 'settings-one-device');
    await phone.dispose();
    await tablet.dispose();
  });

  test('the devices list shows a loading state, then an error with a retry', async ({
    page,
    user,
  }) => {
    void user;
    let fail = true;
    // The answer waits until the test has seen the loading state, however slow the machine.
    let seenLoading!: () => void;
    const loadingSeen = new Promise<void>((r) => (seenLoading = r));
    await page.route('**/api/sessions', async (route) => {
      await loadingSeen;
      if (fail)
        return route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: '{"message":"Slow down"}',
        });
      return route.continue();
    });
    await page.goto('/profile/settings');
    await expect(page.getByLabel('Loading your devices')).toBeVisible();
    await shot(page, 'settings-loading');
    seenLoading();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your devices could not be loaded' }),
    ).toContainText('429: Slow down');
    await shot(page, 'settings-error');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
  });

  test('privacy switches save at once and change what others see', async ({
    page,
    user,
    playwright,
    baseURL,
  }) => {
    await openSettings(page);
    const privateSwitch = page.getByRole('switch', { name: 'Private account' });
    const ageSwitch = page.getByRole('switch', { name: 'Show my age and gender' });
    await expect(privateSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(ageSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(/Others no longer see you on leaderboards/)).toBeVisible();

    await privateSwitch.click();
    await expect(toasts(page)).toContainText('Privacy updated');
    await expect(privateSwitch).toHaveAttribute('aria-checked', 'true');
    await ageSwitch.click();
    await expect(ageSwitch).toHaveAttribute('aria-checked', 'false');
    await expectNoA11yViolations(page);

    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(`/api/users/${user.username}`)).status()).toBe(404);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private account' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('switch', { name: 'Private account' }).click();
    await expect(page.getByRole('switch', { name: 'Private account' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect
      .poll(async () => (await visitor.get(`/api/users/${user.username}`)).status())
      .toBe(200);
    await visitor.dispose();
  });

  test('download your data as JSON and CSV', async ({ page, user }) => {
    const save = await page.context().request.post('/api/workouts', {
      data: { pushups: 33, notes: '=1+1, "quoted"' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(save.status()).toBe(201);
    await openSettings(page);
    const date = new Date().toISOString().slice(0, 10);

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`fitbench-${user.username}-${date}.json`);
    const data = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
    expect(data.user.username).toBe(user.username);
    expect(data.workouts).toHaveLength(1);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`fitbench-${user.username}-${date}.csv`);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('id,pushups,notes,createdAt,challenge,score,tier');
    expect(text).toContain(`,33,"'=1+1, ""quoted""",`);
  });

  test('delete account: says what is lost, asks the password, then signs out to / with a toast', async ({
    page,
    user,
    playwright,
    baseURL,
  }) => {
    await openSettings(page);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('every workout and note you logged');
    await expect(dialog).toContainText('your places on every leaderboard');
    await expectNoA11yViolations(page);
    await shot(page, 'settings-delete-dialog');

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Enter your password')).toBeVisible();
    await dialog.getByLabel('Your password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That is not your current password.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page)).toContainText('Account deleted');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(`/api/users/${user.username}`)).status()).toBe(404);
    const login = await visitor.post('/api/login', {
      data: { username: user.username, password: PASSWORD },
    });
    expect(login.status()).toBe(401);
    await visitor.dispose();
  });
});

test.describe('edit profile', () => {
  test('clears the full name, age, gender and picture', async ({ page, user }) => {
    void user;
    const res = await page.context().request.patch('/api/profile', {
      data: {
        fullName: 'Clara Clear',
        age: 33,
        gender: 'female',
        profilePicture: '/avatars/stock/yogi.svg',
      },
    });
    expect(res.status()).toBe(200);
    await page.goto('/profile');
    await expect(page.getByText('Clara Clear')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toContainText('show on your public profile and the leaderboards');
    await dialog.getByLabel('Full name').fill('');
    await dialog.getByLabel('Age').fill('');
    await dialog.getByLabel('Gender').selectOption('');
    await dialog.getByRole('button', { name: 'Remove picture' }).click();
    await expect(dialog.getByText('Your picture will be removed when you save.')).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');
    const chips = page.getByRole('list', { name: 'About you' });
    await expect(chips).toContainText('Age not set');
    await expect(chips).toContainText('Gender not set');
    await expect(page.getByText('Clara Clear')).toHaveCount(0);
    const me = await (await page.context().request.get('/api/user')).json();
    expect(me).toMatchObject({ fullName: null, age: null, gender: null, profilePicture: null });
  });

  test('opened before the stats arrive, the weekly goal shows the saved goal once they do', async ({
    page,
    user,
  }) => {
    void user;
    const set = await page.context().request.patch('/api/profile', { data: { weeklyGoal: 5 } });
    expect(set.status()).toBe(200);
    // Hold the stats (which carry the goal) until the dialog is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stats?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    const goal = dialog.getByLabel('Weekly goal');
    await expect(goal).toHaveValue('');
    await expect(goal.locator('option', { hasText: 'Keep my current goal' })).toHaveCount(1);
    release();
    await expect(goal).toHaveValue('5');
    await expect(goal.locator('option', { hasText: 'Keep my current goal' })).toHaveCount(0);
    // Saving other fields keeps the goal.
    await dialog.getByLabel('Age').fill('41');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');
    const stats = await (await page.context().request.get('/api/stats?tz=UTC')).json();
    expect(stats.weeklyGoal).toBe(5);
  });
});
