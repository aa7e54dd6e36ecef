import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { linkIn } from '../server/src/test/smtp';
import { expect, expectNoA11yViolations, PASSWORD, test, uniqueName } from './fixtures';
import { withMailServer } from './support/mail-server';

// Someone with the password moves the account to their address; the old address's mail has an
// undo link, and the undo screen gives the address back (docs/decisions/0205-account-tokens-end-and-undo.md).
// The links are read from a real SMTP server the spec starts (the app sends to it through SMTP_URL).
test.setTimeout(120_000);
const mailed = withMailServer();

/** Follows the newest mailed link to `path` sent to `to` with `subject`, through the API. */
async function tokenFrom(to: string, subject: string, path: string) {
  await expect.poll(() => mailed.smtp.to(to).some((m) => m.subject === subject)).toBe(true);
  const mail = mailed.smtp
    .to(to)
    .filter((m) => m.subject === subject)
    .pop()!;
  return linkIn(mail, path);
}

async function confirm(api: APIRequestContext, to: string, subject: string) {
  const link = await tokenFrom(to, subject, '/confirm-email');
  expect(
    (
      await api.post('/api/email/confirm', { data: { token: link.searchParams.get('token') } })
    ).status(),
  ).toBe(200);
}

test("undo a change of address from the old address's mail: the address comes back, a reset link follows", async ({
  page,
}) => {
  const username = uniqueName('undo');
  const email = `${username}@example.com`;
  const theirs = `${username}@evil.example`;
  const owner = await playwrightRequest.newContext({ baseURL: mailed.server.url });
  expect(
    (await owner.post('/api/register', { data: { username, email, password: PASSWORD } })).status(),
  ).toBe(201);
  await confirm(owner, email, 'Confirm your email address - FitBench');

  // The attacker, with the password, moves the account to their address.
  const attacker = await playwrightRequest.newContext({ baseURL: mailed.server.url });
  expect(
    (await attacker.post('/api/login', { data: { username, password: PASSWORD } })).status(),
  ).toBe(200);
  expect(
    (
      await attacker.post('/api/email/change', { data: { email: theirs, password: PASSWORD } })
    ).status(),
  ).toBe(202);
  await confirm(attacker, theirs, 'Confirm your new email address - FitBench');

  const undo = await tokenFrom(
    email,
    'Your email address was changed - FitBench',
    '/undo-email-change',
  );
  expect(undo.origin).toBe(mailed.server.url);
  await page.goto(undo.toString());
  await expect(
    page.getByRole('heading', { name: 'Undo the change of your address' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await expect(page.getByRole('status')).toContainText(`Your address is ${email} again`);
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The attacker is out, the password no longer works, and the old address has a reset link.
  expect((await attacker.get('/api/user')).status()).toBe(401);
  expect(
    (await attacker.post('/api/login', { data: { username, password: PASSWORD } })).status(),
  ).toBe(401);
  await tokenFrom(email, 'Reset your password - FitBench', '/reset-password');

  // Used once: opening it again says so.
  await page.goto(undo.toString());
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
  await owner.dispose();
  await attacker.dispose();
});
