import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '@common/schemas/recovery';
import { accountTokens, mailQueue, users } from '../../db/schema';
import { sha256Hex } from '../../lib/tokens';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { linkIn, startTestSmtp } from '../../test/smtp';
import { LINK_EXPIRED, LINK_INVALID } from './recovery.service';

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const SITE = 'http://fitbench.test';
const t = useTestApp(
  { siteUrl: SITE, passwordResetEmailMax: 3, passwordResetMax: 50 },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

const json = { 'content-type': 'application/json' };
const NEW_PASSWORD = 'amber-lantern-58';
let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const ask = (email: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    headers: json,
    remoteAddress: ip,
    payload: JSON.stringify({ email }),
  });
const complete = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/complete',
    headers: json,
    payload: JSON.stringify({ token, password }),
  });
const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: json,
    remoteAddress: freshIp(),
    payload: JSON.stringify({ username, password }),
  });
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

/** Asks for a link and reads it from the SMTP server, as the member would. */
async function resetLink(email: string) {
  const before = smtp.to(email).length;
  expect((await ask(email)).statusCode).toBe(202);
  const mails = await smtp.waitFor(email, before + 1);
  const mail = mails[mails.length - 1]!;
  expect(mail.subject).toBe('Reset your password - FitBench');
  const url = linkIn(mail, '/reset-password');
  expect(url.origin).toBe(SITE);
  return url.searchParams.get('token')!;
}

describe('forgot password', () => {
  it('emails a link; the new password works, every session ends, the member is signed in, a notice follows', async () => {
    const u = await createUser(t.app);
    const token = await resetLink(u.email);
    // At least 128 bits, and only its hash is kept.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, u.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await complete(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, username: u.username });
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await login(u.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.username, NEW_PASSWORD)).statusCode).toBe(200);

    const [notice] = (await smtp.waitFor(u.email, 2)).filter((m) =>
      m.subject.startsWith('Your password was changed'),
    );
    expect(notice!.text).toContain('every device signed in to it was signed out');
    expect(notice!.listUnsubscribe).toBeNull();
    // The link proved the member reads the address.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailConfirmedAt).not.toBeNull();
    // Nothing that signs in stays in the queue once sent.
    await t.app.mail.worker!.idle();
    const queued = await t.app.db.select().from(mailQueue).where(eq(mailQueue.recipient, u.email));
    expect(queued.every((m) => m.sentAt && m.textBody === '')).toBe(true);
  });

  it('answers the same whether or not an account uses the address, and sends nothing for an unknown one', async () => {
    const u = await createUser(t.app);
    const known = await ask(u.email.toUpperCase());
    const unknown = await ask('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.body).toBe(known.body);
    await smtp.waitFor(u.email);
    await t.app.mail.worker!.idle();
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('a link works once', async () => {
    const u = await createUser(t.app);
    const token = await resetLink(u.email);
    expect((await complete(token)).statusCode).toBe(200);
    const again = await complete(token, 'second-lantern-77');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: LINK_INVALID,
      errors: { token: [LINK_INVALID] },
    });
    expect((await login(u.username, 'second-lantern-77')).statusCode).toBe(401);
  });

  it('only the newest link works', async () => {
    const u = await createUser(t.app);
    const first = await resetLink(u.email);
    const second = await resetLink(u.email);
    expect((await complete(first)).statusCode).toBe(400);
    expect((await complete(second)).statusCode).toBe(200);
  });

  it('a link expires after 30 minutes', async () => {
    const u = await createUser(t.app);
    t.clock.set(new Date());
    const token = await resetLink(u.email);
    t.clock.advance(30 * 60_000 + 1_000);
    const res = await complete(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LINK_EXPIRED);
    t.clock.advance(-(30 * 60_000 + 1_000));
    // Within the 30 minutes the same link works.
    expect((await complete(token)).statusCode).toBe(200);
  });

  it('refuses a forged token', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      const res = await complete(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LINK_INVALID);
    }
    expect((await complete('A'.repeat(500))).statusCode).toBe(400);
  });

  it('holds the new password to the registration rules, and keeps the link for another try', async () => {
    const u = await createUser(t.app);
    const token = await resetLink(u.email);
    const common = await complete(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password[0]).toMatch(/too common/);
    const same = await complete(token, u.username);
    expect(same.statusCode).toBe(400);
    expect((await complete(token, 'abc')).statusCode).toBe(400);
    expect((await complete(token)).statusCode).toBe(200);
  });

  it('limits requests per email address (any address) and per client address', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 3; i++) expect((await ask(u.email)).statusCode).toBe(202);
    const limited = await ask(u.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // An address with no account is limited the same way: the 429 tells nothing.
    for (let i = 0; i < 3; i++) expect((await ask('ghost@example.com')).statusCode).toBe(202);
    expect((await ask('ghost@example.com')).statusCode).toBe(429);
    const ip = '10.200.0.1';
    for (let i = 0; i < 50; i++)
      expect((await ask(`probe${i}@example.com`, ip)).statusCode).toBe(202);
    const res = await ask('probe-last@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/from your network/);
  });

  it('refuses a malformed address under the field', async () => {
    const res = await ask('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Invalid email address']);
  });
});
