import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, toasts } from './fixtures';

async function openEditor(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const headerAvatar = (page: Page) => page.getByTestId('header-profile').getByRole('img');

test.describe('own profile', () => {
  test('shows the account, challenge cards, See All Challenges and Sign Out', async ({
    page,
    user,
  }) => {
    await page.goto('/90second/profile');
    await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    const chips = page.getByRole('list', { name: 'About you' });
    await expect(chips).toContainText('Age not set');
    await expect(chips).toContainText('Gender not set');
    await expect(page.getByRole('link', { name: /90 Second Push-up Challenge/ })).toHaveAttribute(
      'href',
      '/profile/pushup-90',
    );
    await expect(page.getByText('Coming Soon')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'See All Challenges' })).toHaveAttribute(
      'href',
      '/',
    );
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(toasts(page)).toContainText('Logged out');
    // Signing in again comes back here (e2e/sign-in-next.spec.ts).
    await expect(page).toHaveURL(/\/auth\?next=%2F90second%2Fprofile$/);
  });

  test('edits name, age, gender and a URL picture; validates first', async ({
    page,
    user,
    baseURL,
  }) => {
    const dialog = await openEditor(page);
    await expectNoA11yViolations(page);
    await dialog.getByLabel('Full name').fill('Robin Reps');
    await dialog.getByLabel('Age').fill('200');
    await dialog.getByLabel('Gender').selectOption('female');
    await expect(dialog.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Picture URL').fill('ftp://example.com/me.png');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Age must be at most 120')).toBeVisible();
    await expect(dialog.getByText(/https:\/\/ link to a public web site/)).toBeVisible();
    // Neither http: nor an address on this machine: only public https hosts.
    await dialog.getByLabel('Picture URL').fill(`${baseURL}/avatars/stock/cyclist.svg`);
    await expect(dialog.getByText(/https:\/\/ link to a public web site/)).toBeVisible();

    // Pictures on another host (served here by the test) load without telling it our page.
    const svg = await (await page.request.get(`${baseURL}/avatars/stock/cyclist.svg`)).body();
    const referers: (string | undefined)[] = [];
    await page.route('https://pictures.example.com/**', (route) => {
      referers.push(route.request().headers()['referer']);
      return route.request().url().endsWith('/me.svg')
        ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg })
        : route.fulfill({ status: 404, body: '' });
    });
    await dialog.getByLabel('Picture URL').fill('https://pictures.example.com/no-such-picture.png');
    await expect(dialog.getByText('No image could be loaded from this URL.')).toBeVisible();
    const url = 'https://pictures.example.com/me.svg';
    await dialog.getByLabel('Age').fill('29');
    await dialog.getByLabel('Picture URL').fill(url);
    await expect(dialog.getByRole('img', { name: 'Preview of the picture URL' })).toHaveAttribute(
      'src',
      url,
    );
    await expect(dialog.getByRole('img', { name: 'Preview of the picture URL' })).toHaveAttribute(
      'referrerpolicy',
      'no-referrer',
    );
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');
    await expect(dialog).toHaveCount(0);
    await expect(headerAvatar(page)).toHaveAttribute('src', url);
    await expect(headerAvatar(page)).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(referers.length).toBeGreaterThan(0);
    expect(referers.every((r) => r === undefined)).toBe(true);
    await expect(page.getByText('Robin Reps')).toBeVisible();
    const chips = page.getByRole('list', { name: 'About you' });
    await expect(chips).toContainText('Age 29');
    await expect(chips).toContainText('Female');

    // The public profile shows the same.
    await page.goto(`/users/${user.username}`);
    await expect(page.getByRole('definition').first()).toHaveText('Robin Reps');
  });

  test('picks a stock avatar', async ({ page, user: _user }) => {
    const dialog = await openEditor(page);
    await dialog.getByRole('tab', { name: 'Stock' }).click();
    const avatars = dialog.getByRole('radiogroup', { name: 'Stock avatars' }).getByRole('radio');
    await expect(avatars).toHaveCount(8);
    await dialog.getByRole('radio', { name: 'Boxer' }).click();
    await expect(dialog.getByRole('radio', { name: 'Boxer' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');
    await expect(headerAvatar(page)).toHaveAttribute('src', '/avatars/stock/boxer.svg');

    // Reopened, the dialog starts on Stock with the saved choice.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(dialog.getByRole('tab', { name: 'Stock' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('radio', { name: 'Boxer' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('takes a photo with the camera (live, captured, retake) and saves it', async ({
    page,
    user: _user,
  }) => {
    // Two starts of the fake camera, an axe run and an upload: past 30 s on a busy CI machine
    // (it failed there at 32.7 s, and on the session's own commit as well).
    test.slow();
    const dialog = await openEditor(page);
    await dialog.getByRole('tab', { name: 'Camera' }).click();
    await dialog.getByRole('button', { name: 'Open Camera' }).click();
    const video = dialog.locator('video');
    await expect(video).toBeVisible();
    // Wait for frames from Chromium's fake camera.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Capture' }).click();
    const photo = dialog.getByRole('img', { name: 'Captured photo' });
    await expect(photo).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // At most 512 px, square.
    const size = await photo.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(size[0]).toBeLessThanOrEqual(512);
    expect(size[0]).toBe(size[1]);

    await dialog.getByRole('button', { name: 'Retake' }).click();
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await expect(photo).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated');
    await expect(headerAvatar(page)).toHaveAttribute('src', /^\/api\/avatars\/[A-Za-z0-9_-]{22}$/);
    await expect
      .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('a denied camera shows Camera Error and stays off', async ({ page, user: _user }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const dialog = await openEditor(page);
    await dialog.getByRole('tab', { name: 'Camera' }).click();
    await dialog.getByRole('button', { name: 'Open Camera' }).click();
    await expect(toasts(page)).toContainText('Camera Error');
    await expect(toasts(page)).toContainText(
      'Could not access your camera. Please check permissions.',
    );
    await expect(dialog.locator('video')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Open Camera' })).toBeEnabled();
  });

  test('a failed update shows Update failed with the server message and keeps the dialog', async ({
    page,
    user: _user,
  }) => {
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, json: { message: 'Full name is not allowed today.' } })
        : route.fallback(),
    );
    const dialog = await openEditor(page);
    await dialog.getByLabel('Full name').fill('Nope');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Update failed');
    await expect(toasts(page)).toContainText('400: Full name is not allowed today.');
    await expect(dialog).toBeVisible();
  });

  test('a failed capture shows Error, and closing the dialog stops the camera', async ({
    page,
    user: _user,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { streams: MediaStream[] };
      w.streams = [];
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (c) => {
        const s = await original(c);
        w.streams.push(s);
        return s;
      };
      HTMLCanvasElement.prototype.toDataURL = () => {
        throw new Error('encoding failed');
      };
    });
    const dialog = await openEditor(page);
    await dialog.getByRole('tab', { name: 'Camera' }).click();
    await dialog.getByRole('button', { name: 'Open Camera' }).click();
    const video = dialog.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await expect(toasts(page)).toContainText('Error');
    await expect(toasts(page)).toContainText('Failed to capture image');
    // Still live after the failure; closing the dialog ends every track.
    await expect(video).toBeVisible();
    const live = () =>
      page.evaluate(
        () =>
          (window as unknown as { streams: MediaStream[] }).streams
            .flatMap((s) => s.getTracks())
            .filter((t) => t.readyState === 'live').length,
      );
    expect(await live()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(live).toBe(0);
  });
});
