import { request as playwrightRequest } from '@playwright/test';
import { linkIn } from '../server/src/test/smtp';
import { expect, expectNoA11yViolations, PASSWORD, test, uniqueName } from './fixtures';
import { withMailServer } from './support/mail-server';

// Forgot password from the sign-in screen to signed in with the new password, the link read from
// a real SMTP server the spec starts (the app sends to it through SMTP_URL).
// Starting a server of its own (a new database) takes a while on a busy machine.
test.setTimeout(120_000);
const mailed = withMailServer();

test('forgot password: a link by email, a new password, signed in with it', async ({ page }) => {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  const api = await playwrightRequest.newContext({ baseURL: mailed.server.url });
  expect(
    (await api.post('/api/register', { data: { username, email, password: PASSWORD } })).status(),
  ).toBe(201);
  await api.dispose();

  await page.goto(`${mailed.server.url}/auth`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'If an account uses that address, we sent a link.' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Registering mailed a confirmation first: wait for the reset mail itself, not the first mail.
  const isReset = (m: { subject: string }) => m.subject.startsWith('Reset your password');
  await expect.poll(() => mailed.smtp.to(email).some(isReset), { timeout: 40_000 }).toBe(true);
  const link = linkIn(mailed.smtp.to(email).find(isReset)!, '/reset-password');
  expect(link.origin).toBe(mailed.server.url);
  await page.goto(link.toString());
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The link is checked as the page opens: it works, and says until when.
  await expect(page.getByText(/This link works until/)).toBeVisible();
  await expectNoA11yViolations(page);

  const newPassword = 'Saffron-Ladder-61';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('Saffron-Ladder-16');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();

  // Signed in, on to the challenges.
  await expect(page).toHaveURL(`${mailed.server.url}/`);
  await expect(page.getByRole('link', { name: new RegExp(username) }).first()).toBeVisible();
  const session = await page.request.get(`${mailed.server.url}/api/session`);
  expect((await session.json()).user.username).toBe(username);

  // The new password signs in; the old one no longer does; the notice came.
  const fresh = await playwrightRequest.newContext({ baseURL: mailed.server.url });
  expect(
    (await fresh.post('/api/login', { data: { username, password: PASSWORD } })).status(),
  ).toBe(401);
  expect(
    (await fresh.post('/api/login', { data: { username, password: newPassword } })).status(),
  ).toBe(200);
  await fresh.dispose();
  await expect
    .poll(() => mailed.smtp.to(email).map((m) => m.subject))
    .toContain('Your password was changed - FitBench');

  // The link was used: opening it again says so at once, before any typing, and offers a new one.
  await page.goto(link.toString());
  await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'If an account uses that address, we sent a link.' }),
  ).toBeVisible();
});
