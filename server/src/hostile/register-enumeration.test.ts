import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../db/schema';
import { useTestApp } from '../test/app';
import { createUser, sessionCookieFrom } from '../test/factories';
import { linkIn, startTestSmtp } from '../test/smtp';

// Registration never says whether an address has an account: a taken address is answered as a new
// one, and its holder gets an email instead; an unconfirmed account keeps its address 7 days, then
// a newer account may confirm it and take it (docs/decisions/0112-confirmed-addresses.md).
// On PGlite and PostgreSQL, against a real SMTP server.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  {
    registerMax: 1000,
    siteUrl: 'http://fitbench.test',
    argon2Cost: { memoryCost: 1024, timeCost: 1 },
  },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

let seq = 0;
const fresh = () => `n${++seq}${randomBytes(3).toString('hex')}`;
const register = (email: string, ip = '198.51.100.7', username = fresh()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: ip,
    payload: { username, email, password: 'tr1cky-Pushups' },
  });
const newEmail = () => `${fresh()}@example.com`;
/** What a client sees of an answer, without what differs between any two accounts. */
const shape = (r: Awaited<ReturnType<typeof register>>) => ({
  status: r.statusCode,
  keys: Object.keys(r.json()).sort(),
  emailConfirmed: r.json().emailConfirmed,
  cookie: Boolean(sessionCookieFrom(r.headers['set-cookie'])),
});
const subjects = (to: string) => smtp.to(to).map((m) => m.subject);
const settle = () => t.app.mail.worker!.idle();
const resend = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirmation', headers: { cookie } });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token } });
const DAY = 86_400_000;

describe('email enumeration on register', () => {
  it('a taken address is answered as a new one; its holder is told by email, the newcomer gets no link', async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    const email = newEmail();
    const taken = await register(owner.email.toUpperCase());
    const unknown = await register(email);
    expect(shape(taken)).toEqual(shape(unknown));
    expect(shape(taken)).toMatchObject({ status: 201, emailConfirmed: false, cookie: true });
    expect(taken.json().email).toBe(owner.email.toUpperCase());

    const [notice] = await smtp.waitFor(owner.email);
    expect(notice!.subject).toBe('Someone tried to register with your address - FitBench');
    expect(notice!.text).toContain(`"${owner.username}"`);
    expect(notice!.text).toContain('http://fitbench.test/reset-password');
    expect(notice!.text).not.toContain(taken.json().username);
    const [link] = await smtp.waitFor(email);
    expect(link!.subject).toBe('Confirm your email address - FitBench');
    // The address is not proven yet: no name chosen by whoever registered is in it.
    expect(link!.text).not.toContain(unknown.json().username);
    await settle();
    expect(subjects(owner.email)).toEqual([
      'Someone tried to register with your address - FitBench',
    ]);
  });

  it('a taken username is still said (usernames are public), before the email is looked at', async () => {
    const member = await createUser(t.app);
    const r = await register(member.email, '198.51.100.20', member.username);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({
      message: 'That username is already taken.',
      errors: { username: ['That username is already taken.'] },
    });
    await settle();
    expect(smtp.to(member.email)).toHaveLength(0);
  });

  it("tells an address's holder at most 3 times a day, whatever the registrations", async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    for (let i = 0; i < 5; i++)
      expect((await register(owner.email, `203.0.113.${i + 1}`)).statusCode).toBe(201);
    await smtp.waitFor(owner.email, 3);
    await settle();
    expect(smtp.to(owner.email)).toHaveLength(3);
  });

  it('the registration limit per network still holds', async () => {
    const app = t.app;
    const ip = '198.51.100.99';
    const original = app.config.registerMax;
    app.config.registerMax = 2;
    try {
      expect((await register(newEmail(), ip)).statusCode).toBe(201);
      expect((await register(newEmail(), ip)).statusCode).toBe(201);
      expect((await register(newEmail(), ip)).statusCode).toBe(429);
    } finally {
      app.config.registerMax = original;
    }
  });
});

describe('an unconfirmed address', () => {
  it("stays its first account's for 7 days; then a newer account may confirm it and take it", async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const email = newEmail();
    const first = await register(email, '198.51.100.30');
    await smtp.waitFor(email, 1); // its own confirmation link, not used

    // Day 3: a second registration gets nothing; the first account hears of it.
    t.clock.advance(3 * DAY);
    const second = await register(email, '198.51.100.31');
    expect(second.statusCode).toBe(201);
    await smtp.waitFor(email, 2);
    expect(subjects(email)[1]).toBe('Someone tried to register with your address - FitBench');
    // The first account has not proven the address: its chosen name is not put in the mail
    // (docs/decisions/0206-email-change-limits-and-unproven-addresses.md).
    expect(smtp.to(email)[1]!.text).not.toContain(first.json().username);
    expect(smtp.to(email)[1]!.text).toContain('used by another account');
    // Its Resend answers as usual, and sends the holder a notice, not a link.
    const early = await resend(sessionCookieFrom(second.headers['set-cookie']));
    expect(early.statusCode).toBe(202);
    await smtp.waitFor(email, 3);
    expect(subjects(email)[2]).toBe('Someone tried to register with your address - FitBench');

    // Day 8: a third registration is sent a link; confirming it takes the address.
    t.clock.advance(5 * DAY);
    const third = await register(email, '198.51.100.32');
    const mails = await smtp.waitFor(email, 4);
    expect(mails[3]!.subject).toBe('Confirm your email address - FitBench');
    const token = linkIn(mails[3]!, '/confirm-email').searchParams.get('token')!;
    expect((await confirm(token)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, third.json().id));
    expect(row!.emailConfirmedAt).not.toBeNull();

    // The first account keeps working, but can no longer confirm the address.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.33',
      payload: { username: first.json().username, password: 'tr1cky-Pushups' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email, emailConfirmed: false });
    const firstToken = linkIn(mails[0]!, '/confirm-email').searchParams.get('token')!;
    t.clock.set('2026-06-01T12:00:00Z'); // its old link, within its 24 hours
    const refused = await confirm(firstToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/confirmed by another account/);
  });

  it('the first account may confirm it within the 7 days, whoever registered it after', async () => {
    t.clock.set('2026-07-01T10:00:00Z');
    const email = newEmail();
    const first = await register(email, '198.51.100.40');
    t.clock.advance(DAY);
    await register(email, '198.51.100.41');
    await smtp.waitFor(email, 2);
    expect((await resend(sessionCookieFrom(first.headers['set-cookie']))).statusCode).toBe(202);
    const mails = await smtp.waitFor(email, 3);
    expect(mails[2]!.subject).toBe('Confirm your email address - FitBench');
    expect(
      (await confirm(linkIn(mails[2]!, '/confirm-email').searchParams.get('token')!)).statusCode,
    ).toBe(200);
  });
});
