import { expect, test, addWorkout, registerUser } from './fixtures';

// As a visitor's browser runs it: with the service worker (other specs block it, and Playwright
// then logs a warning of its own on each registration).
test.use({ serviceWorkers: 'allow' });

// A visitor's page load logs nothing at all in the console: no failed request (the current-user
// query gets a 200 with null), no warning, and no CSP violation in the Issues panel (zod's eval
// probe: client/src/lib/zod-jitless.ts). docs/decisions/0062-session-state-route.md
test('a visitor loading /, /auth, /leaderboard and a public profile sees a silent console', async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await playwright.request.newContext({ baseURL });
  const athlete = await registerUser(member);
  await addWorkout(member, { pushups: 42 });
  await member.dispose();

  const messages: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}`),
    ),
  );
  const statuses: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) statuses.push(`${res.status()} ${res.url()}`);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Challenges' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Challenge' })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  // The form's schema is built and used (zod's JIT probe would run here).
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.goto('/leaderboard');
  await expect(
    page.getByRole('link', { name: new RegExp(athlete.username) }).first(),
  ).toBeVisible();
  await page.goto(`/users/${athlete.username}`);
  await expect(page.getByText(athlete.username).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(statuses).toEqual([]);
  expect(messages).toEqual([]);
});
