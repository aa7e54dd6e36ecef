import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { linkIn, startTestSmtp } from '../../test/smtp';
import { CONFIRM_LINK_INVALID } from './email.service';

// The third attack's takeover (docs/decisions/0205-account-tokens-end-and-undo.md): someone who
// once had the password asks to move the account to their own address; the owner resets the
// password, changes it or signs out everywhere; the pending link must end with it.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  { siteUrl: 'http://fitbench.test', passwordResetMax: 100 },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

const NEW_PASSWORD = 'amber-lantern-58';
let seq = 0;
const attackerAddress = () => `thief${++seq}${Date.now() % 100000}@evil.example`;

const changeTo = (cookie: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/change',
    headers: { cookie },
    payload: { email, password: DEFAULT_PASSWORD },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token } });
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

/** The attacker, signed in with the password, asks for their address; returns the link's token. */
async function attackerAsks(attackerCookie: string) {
  const to = attackerAddress();
  expect((await changeTo(attackerCookie, to)).statusCode).toBe(202);
  const [mail] = await smtp.waitFor(to);
  return { to, token: linkIn(mail!, '/confirm-email').searchParams.get('token')! };
}

/** A second session of the member, as the attacker's device holds one. */
async function secondSession(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `10.7.0.${++seq % 250}`,
    payload: { username, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}

const RESET_SUBJECT = 'Reset your password - FitBench';
const resets = (email: string) => smtp.to(email).filter((m) => m.subject === RESET_SUBJECT);

async function resetLinkFor(email: string) {
  const before = resets(email).length;
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email } }))
      .statusCode,
  ).toBe(202);
  for (let waited = 0; resets(email).length <= before && waited < 10_000; waited += 25)
    await new Promise((r) => setTimeout(r, 25));
  return linkIn(resets(email)[before]!, '/reset-password').searchParams.get('token')!;
}

describe('a pending change of address ends', () => {
  it('when the owner resets the password', async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    const attacker = await secondSession(owner.username);
    const pending = await attackerAsks(attacker);
    const token = await resetLinkFor(owner.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/complete',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(attacker)).statusCode).toBe(401);

    const res = await confirm(pending.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONFIRM_LINK_INVALID);
    expect((await me(sessionCookieFrom(reset.headers['set-cookie']))).json().email).toBe(
      owner.email,
    );
  });

  it('when the owner changes the password', async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    const attacker = await secondSession(owner.username);
    const pending = await attackerAsks(attacker);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect((await confirm(pending.token)).statusCode).toBe(400);
    expect((await me(owner.cookie)).json().email).toBe(owner.email);
  });

  it('when the owner signs out everywhere else', async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    const attacker = await secondSession(owner.username);
    const pending = await attackerAsks(attacker);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/sessions',
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect((await confirm(pending.token)).statusCode).toBe(400);
    expect((await me(owner.cookie)).json().email).toBe(owner.email);
  });

  it('a completed change ends the reset and confirmation links asked for before it', async () => {
    const owner = await createUser(t.app);
    const resetToken = await resetLinkFor(owner.email);
    const pending = await attackerAsks(owner.cookie);
    expect((await confirm(pending.token)).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/complete',
      payload: { token: resetToken, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(400);
    const left = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, owner.id));
    expect(left.map((r) => r.purpose)).toEqual([]);
  });
});
