import { expect, PASSWORD, registerUser, test, toasts, uniqueName } from './fixtures';

test.describe('auth screen', () => {
  test('shows the product name, tagline and Login first; header hidden', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'FitBench', level: 1 })).toBeVisible();
    await expect(page.getByText('Challenge yourself. Measure your progress.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('tabpanel');
    await expect(form.locator('input')).toHaveCount(3);
    await expect(form.getByLabel('Username')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.getByLabel('Password')).toBeVisible();
  });

  test('feature panel shows on wide screens only', async ({ page }, info) => {
    await page.goto('/auth');
    const panel = page.getByText('Built-in timers and voice coaching');
    if (info.project.name === 'desktop') await expect(panel).toBeVisible();
    else await expect(panel).toBeHidden();
  });

  test('login validation runs on submit, then on each change', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill('someone');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('register validation messages', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username').fill('newbie');
    await panel.getByLabel('Email').fill('not-an-email');
    await panel.getByLabel('Password').fill('123');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await expect(panel.getByText('Invalid email address')).toBeVisible();
    await expect(panel.getByText('Password must be at least 6 characters')).toBeVisible();
    await panel.getByLabel('Password').fill('123456789');
    await expect(panel.getByText('Password must be at least 6 characters')).toHaveCount(0);
  });

  test('registering signs in, toasts and goes to /', async ({ page }) => {
    const name = uniqueName('reg');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username').fill(name);
    await panel.getByLabel('Email').fill(`${name}@example.com`);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page).getByText('Registration successful')).toBeVisible();
    await expect(
      toasts(page).getByText(`Welcome to FitBench, ${name}!`, { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-profile')).toContainText(name);
    // A signed-in user is sent from /auth to /.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a taken username gives the destructive failure toast', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const taken = await registerUser(ctx);
    await ctx.dispose();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username').fill(taken.username.toUpperCase());
    await panel.getByLabel('Email').fill(`${uniqueName()}@example.com`);
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page).getByText('Registration failed')).toBeVisible();
    await expect(toasts(page).getByText('409: That username is already taken.')).toBeVisible();
  });

  test('login with a wrong password fails; the right one signs in; logout signs out', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    const u = await registerUser(ctx);
    await ctx.dispose();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(u.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toasts(page).getByText('Login failed')).toBeVisible();
    await expect(toasts(page).getByText('401: Invalid username or password.')).toBeVisible();

    await page.getByLabel('Password').fill(PASSWORD);
    // The submit button is disabled while the request is pending.
    // Held by a promise made before the click: releasing it before the route handler has run
    // (the button turns disabled first) must still let the request through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: /Login/ })).toBeDisabled();
    release();
    await expect(toasts(page).getByText('Logged in')).toBeVisible();
    await expect(toasts(page).getByText(`Welcome back, ${u.username}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.unroute('**/api/login');

    // Only one toast at a time.
    await expect(toasts(page)).toHaveCount(1);

    const logout = await page.evaluate(() =>
      fetch('/api/logout', { method: 'POST' }).then((r) => r.status),
    );
    expect(logout).toBe(204);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  });
});

test.describe('toasts', () => {
  test("the viewport is Radix's: F8 hotkey, label Notification", async ({ page }) => {
    await page.goto('/auth');
    const region = page.getByRole('region', { name: /Notifications \(F8\)/ });
    await expect(region).toHaveCount(1);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Username').fill('nobody-at-all');
    await page.getByLabel('Password').fill('whatever-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toasts(page).getByText('Login failed')).toBeVisible();
    await page.keyboard.press('F8');
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByRole('list'),
    ).toBeFocused();
  });
});
