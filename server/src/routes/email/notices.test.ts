import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestSmtp } from '../../test/smtp';

// The account notices: password changed, account deleted, a sign-in from a new kind of device
// (with its opt-out), read from a real SMTP server.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  { siteUrl: 'http://fitbench.test', registerMax: 1000 },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const subjects = (to: string) => smtp.to(to).map((m) => m.subject);
let seq = 0;

async function register(ua: string) {
  const username = `note${++seq}${Date.now() % 100000}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'user-agent': ua },
    payload: { username, email: `${username}@example.com`, password: 'tr1cky-Pushups' },
  });
  expect(res.statusCode).toBe(201);
  return {
    username,
    email: `${username}@example.com`,
    cookie: res.headers['set-cookie'] as string,
  };
}
const login = (username: string, ua: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': ua },
    payload: { username, password: 'tr1cky-Pushups' },
  });

describe('notices', () => {
  it('a sign-in from a new kind of device is emailed once, with List-Unsubscribe; a known one is not', async () => {
    const u = await register(ANDROID);
    await smtp.waitFor(u.email); // the confirmation link
    expect((await login(u.username, ANDROID)).statusCode).toBe(200);
    expect((await login(u.username, MAC)).statusCode).toBe(200);
    const mails = await smtp.waitFor(u.email, 2);
    const notice = mails.find((m) => m.subject === 'New sign-in to your account - FitBench')!;
    expect(notice.text).toContain('Safari on macOS');
    expect(notice.listUnsubscribe).toBe('<http://fitbench.test/profile/settings>');
    expect((await login(u.username, MAC)).statusCode).toBe(200);
    await t.app.mail.worker!.idle();
    expect(subjects(u.email).filter((s) => s.startsWith('New sign-in'))).toHaveLength(1);
  });

  it('no new-device email once the member turns them off in settings', async () => {
    const u = await register(ANDROID);
    const cookie = u.cookie.split(';')[0]!;
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { newDeviceNotices: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().newDeviceNotices).toBe(false);
    expect((await login(u.username, MAC)).statusCode).toBe(200);
    await smtp.waitFor(u.email);
    await t.app.mail.worker!.idle();
    expect(subjects(u.email)).toEqual(['Confirm your email address - FitBench']);
  });

  it('a password change and an account deletion are each emailed, without List-Unsubscribe', async () => {
    const u = await createUser(t.app);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: u.headers,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'cobalt-harbour-31' },
    });
    expect(changed.statusCode).toBe(204);
    const [first] = await smtp.waitFor(u.email);
    expect(first!.subject).toBe('Your password was changed - FitBench');
    expect(first!.listUnsubscribe).toBeNull();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: u.headers,
      payload: { password: 'cobalt-harbour-31' },
    });
    expect(deleted.statusCode).toBe(204);
    const mails = await smtp.waitFor(u.email, 2);
    expect(mails[1]!.subject).toBe('Your account was deleted - FitBench');
  });
});
