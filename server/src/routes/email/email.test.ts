import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, sessionCookieFrom } from '../../test/factories';
import { linkIn, startTestSmtp } from '../../test/smtp';
import { CONFIRM_LINK_EXPIRED, CONFIRM_LINK_INVALID } from './email.service';

// Confirming the address after registration: the link from the SMTP server, on both databases.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  { registerMax: 1000, siteUrl: 'http://fitbench.test' },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

let seq = 0;
async function registerFresh() {
  const username = `conf${++seq}${Date.now() % 100000}`;
  const email = `${username}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email, password: 'tr1cky-Pushups' },
  });
  expect(res.statusCode).toBe(201);
  return { email, cookie: sessionCookieFrom(res.headers['set-cookie']), user: res.json() };
}
const tokenOf = async (email: string, count = 1) => {
  const mails = await smtp.waitFor(email, count);
  const mail = mails[count - 1]!;
  expect(mail.subject).toBe('Confirm your email address - FitBench');
  expect(mail.listUnsubscribe).toBeNull();
  return linkIn(mail, '/confirm-email').searchParams.get('token')!;
};
const confirm = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/confirm',
    headers: cookie ? { cookie } : {},
    payload: { token },
  });
const resend = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirmation', headers: { cookie } });
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

describe('email confirmation', () => {
  it('registration sends a link; following it (no sign-in needed) confirms the address', async () => {
    const { email, cookie, user } = await registerFresh();
    expect(user.emailConfirmed).toBe(false);
    const token = await tokenOf(email);
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${email} is confirmed. Thank you!`);
    expect((await me(cookie)).json().emailConfirmed).toBe(true);
    // Used once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: CONFIRM_LINK_INVALID,
      errors: { token: [CONFIRM_LINK_INVALID] },
    });
    // Nothing more to confirm.
    expect((await resend(cookie)).statusCode).toBe(400);
  });

  it('a link works 24 hours; Resend sends a new one and only the newest works', async () => {
    t.clock.set('2026-05-01T08:00:00Z');
    const { email, cookie } = await registerFresh();
    const first = await tokenOf(email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    const expired = await confirm(first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(CONFIRM_LINK_EXPIRED);
    const res = await resend(cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(
      `A message is on its way to ${email}. Follow its link within 24 hours.`,
    );
    const second = await tokenOf(email, 2);
    expect((await resend(cookie)).statusCode).toBe(202);
    const third = await tokenOf(email, 3);
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await confirm(third)).statusCode).toBe(200);
    t.clock.set(new Date());
  });

  it("refuses forged tokens and a visitor's Resend", async () => {
    for (const token of ['forged', 'B'.repeat(43)]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CONFIRM_LINK_INVALID);
    }
    expect((await confirm('x'.repeat(201))).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/email/confirmation' })).statusCode,
    ).toBe(401);
  });

  it('limits Resend to 5 an hour per member', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 5; i++) expect((await resend(u.cookie)).statusCode).toBe(202);
    const limited = await resend(u.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
