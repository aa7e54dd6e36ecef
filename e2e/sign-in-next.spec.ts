import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  PASSWORD,
  registerUser,
  test,
  uniqueName,
} from './fixtures';

// Sign-in keeps where the member was going: /auth?next=<same-origin path>.

const authWithNext = (next: string) => `/auth?${new URLSearchParams({ next })}`;

async function register(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Register' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(name);
  await panel.getByLabel('Email').fill(`${name}@example.com`);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Create account' }).click();
}

async function login(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A member made in a request context of its own, so the page stays a visitor's. */
async function existingMember({
  playwright,
  baseURL,
}: {
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };
  baseURL?: string;
}) {
  const ctx = await playwright.request.newContext({ baseURL });
  const member = await registerUser(ctx);
  await ctx.dispose();
  return member;
}

test.describe('sign-in keeps where the member was going', () => {
  test('a beat link takes a visitor through registration to the timer, target kept', async ({
    page,
  }) => {
    const beatLink = '/90second/timer?beat=30&from=alex';
    await page.goto(beatLink);
    await expect(page).toHaveURL(authWithNext(beatLink));
    const reason = page.getByTestId('auth-reason');
    await expect(reason).toHaveText(
      'alex did 30 push-ups: sign in or create an account to take the challenge',
    );
    await expect(page).toHaveTitle('Sign in · FitBench');
    await expectNoA11yViolations(page);

    await register(page, uniqueName('beat'));
    await expect(page).toHaveURL(beatLink);
    await expect(page.getByTestId('challenge-target')).toHaveText('Target: 30 (from alex)');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    // The sign-in screen was replaced, not stacked: Back does not return to it.
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0);
  });

  test('the beat link pasted into a chat: its page has Open Graph tags and a card image', async ({
    playwright,
    baseURL,
  }) => {
    // alex's best is 30, saved on the server this spec runs against.
    const alex = await playwright.request.newContext({ baseURL });
    const member = await registerUser(alex, { username: uniqueName('alex') });
    const save = await alex.post('/api/workouts', {
      data: { pushups: 30 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(save.status()).toBe(201);
    await alex.dispose();

    // As a chat app's link-preview fetcher asks for it.
    const bot = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: {
        'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      },
    });
    try {
      const page = await bot.get(`/90second/timer?beat=30&from=${member.username}`);
      expect(page.status()).toBe(200);
      const html = await page.text();
      const meta = (property: string) =>
        new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
      expect(html).toContain(`<title>${member.username} did 30: can you beat it?</title>`);
      expect(meta('og:title')).toBe(`${member.username} did 30: can you beat it?`);
      expect(meta('og:description')).toContain('Take the 90 Second Push-up Challenge on FitBench');
      const image = meta('og:image');
      expect(image).toMatch(new RegExp(`/api/share-cards/${member.username}\\.png\\?beat=30$`));
      const card = await bot.get(image!);
      expect(card.status()).toBe(200);
      expect(card.headers()['content-type']).toBe('image/png');
      expect((await card.body()).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await bot.dispose();
    }
  });

  test('Start and Log in the navigation take a visitor through sign-in to that screen', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const member = await existingMember({ playwright, baseURL });
    await page.goto('/90second');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Log' }).click();
    await expect(page).toHaveURL(authWithNext('/90second/log-workout'));
    await expect(page.getByTestId('auth-reason')).toHaveText(
      'Sign in or create an account to log a workout.',
    );
    await page.goBack();
    await expect(page).toHaveURL('/90second');

    await nav.getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(authWithNext('/90second/timer'));
    await expect(page.getByTestId('auth-reason')).toHaveText(
      'Sign in or create an account to start the timer.',
    );
    await login(page, member.username);
    await expect(page).toHaveURL('/90second/timer');
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect(page.getByTestId('challenge-target')).toHaveCount(0);

    // Signed in, Log goes straight to its screen.
    await nav.getByRole('link', { name: 'Log' }).click();
    await expect(page.getByRole('heading', { name: 'Log Workout' })).toBeVisible();
  });

  test('Log through registration lands on the log form', async ({ page }) => {
    await page.goto('/log-workout');
    await expect(page).toHaveURL(authWithNext('/log-workout'));
    await register(page, uniqueName('log'));
    await expect(page).toHaveURL('/log-workout');
    await expect(page.getByRole('heading', { name: 'Log Workout' })).toBeVisible();
  });

  for (const evil of [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    test(`next=${evil} is ignored: sign-in goes to /`, async ({ page, playwright, baseURL }) => {
      const member = await existingMember({ playwright, baseURL });
      await page.goto(`/auth?${new URLSearchParams({ next: evil })}`);
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
      // Nothing said about a destination that will not be used.
      await expect(page.getByTestId('auth-reason')).toHaveCount(0);
      await login(page, member.username);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: 'Challenges' })).toBeVisible();
      // Signed in already, the same link also stays here.
      await page.goto(`/auth?${new URLSearchParams({ next: evil })}`);
      await expect(page).toHaveURL('/');
    });
  }

  test('a signed-in member opening /auth?next= goes straight on', async ({ page, user: _user }) => {
    await page.goto(authWithNext('/90second/timer?beat=12&from=ann'));
    await expect(page).toHaveURL('/90second/timer?beat=12&from=ann');
    await expect(page.getByTestId('challenge-target')).toHaveText('Target: 12 (from ann)');
  });
});
