import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { linkIn, startTestSmtp, type ReceivedMail } from '../../test/smtp';
import { UNDO_LINK_DAYS } from './email.service';
import { UNDO_LINK_EXPIRED, UNDO_LINK_INVALID } from './undo-email-change';

// The old address's way back after its account was moved to another address
// (docs/decisions/0205-account-tokens-end-and-undo.md), with the links read from a real SMTP server.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  { siteUrl: 'http://fitbench.test' },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

const NEW_PASSWORD = 'amber-lantern-58';
const CHANGED = 'Your email address was changed - FitBench';
const RESET = 'Reset your password - FitBench';
let seq = 0;
const attackerAddress = () => `thief${++seq}${Date.now() % 100000}@evil.example`;

const changeTo = (cookie: string, email: string, password = DEFAULT_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/change',
    headers: { cookie },
    payload: { email, password },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token } });
const undo = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/undo', payload: { token } });
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `10.8.0.${++seq % 250}`,
    payload: { username, password },
  });

/** Waits for the `n`th message (from 1) with `subject` to `to`. */
async function nth(to: string, subject: string, n = 1): Promise<ReceivedMail> {
  const of = () => smtp.to(to).filter((m) => m.subject === subject);
  for (let waited = 0; of().length < n && waited < 10_000; waited += 25)
    await new Promise((r) => setTimeout(r, 25));
  const mail = of()[n - 1];
  if (!mail)
    throw new Error(
      `no message "${subject}" #${n} to ${to}: ${smtp
        .to(to)
        .map((m) => m.subject)
        .join('; ')}`,
    );
  return mail;
}

/** Moves the account to a new address through the link sent there, as the attacker would. */
async function moveTo(cookie: string, to: string, password = DEFAULT_PASSWORD) {
  expect((await changeTo(cookie, to, password)).statusCode).toBe(202);
  const link = await nth(to, 'Confirm your new email address - FitBench');
  expect(
    (await confirm(linkIn(link, '/confirm-email').searchParams.get('token')!)).statusCode,
  ).toBe(200);
}

describe('undoing a change of address', () => {
  it('tells the old address (masked new one), and its link brings the address back and shuts the attacker out', async () => {
    const owner = await createUser(t.app, { emailConfirmedAt: new Date() });
    const attackerLogin = await login(owner.username, DEFAULT_PASSWORD);
    const attacker = sessionCookieFrom(attackerLogin.headers['set-cookie']);
    const theirs = attackerAddress();
    await moveTo(attacker, theirs);

    const notice = await nth(owner.email, CHANGED);
    expect(notice.text).toContain(`changed to t***@evil.example`);
    expect(notice.text).not.toContain(theirs);
    expect(notice.text).toContain(`for ${UNDO_LINK_DAYS} days`);
    const undoToken = linkIn(notice, '/undo-email-change').searchParams.get('token')!;

    // What the attacker tries next to silence the old address: a new password, signing out
    // everywhere, another change. The undo link outlives them all.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password',
          headers: { cookie: attacker },
          payload: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/sessions',
          headers: { cookie: attacker },
        })
      ).statusCode,
    ).toBe(204);
    const again = attackerAddress();
    await moveTo(attacker, again, NEW_PASSWORD);
    // The attacker's own pending link (a reset to their address) must not survive the undo.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password-reset',
          payload: { email: again },
        })
      ).statusCode,
    ).toBe(202);
    await nth(again, RESET);

    const res = await undo(undoToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(owner.email);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe(owner.email);
    expect(row!.emailConfirmedAt).not.toBeNull();
    // Every session ended, and neither password signs in any more.
    expect((await me(attacker)).statusCode).toBe(401);
    expect((await me(owner.cookie)).statusCode).toBe(401);
    expect((await login(owner.username, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(owner.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    // The attacker's reset link is dead; the one the old address just got works.
    const theirReset = linkIn(await nth(again, RESET), '/reset-password').searchParams.get(
      'token',
    )!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password-reset/complete',
          payload: { token: theirReset, password: 'their-own-pass-91' },
        })
      ).statusCode,
    ).toBe(400);
    const reset = linkIn(await nth(owner.email, RESET), '/reset-password').searchParams.get(
      'token',
    )!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/complete',
      payload: { token: reset, password: 'owner-again-73' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().email).toBe(owner.email);
    // Used once.
    expect((await undo(undoToken)).json().message).toBe(UNDO_LINK_INVALID);
  });

  it('an unconfirmed old address gets no undo link, and no member-chosen name', async () => {
    const owner = await createUser(t.app, { username: 'login.evil-example.com' });
    await moveTo(owner.cookie, attackerAddress());
    const notice = await nth(owner.email, CHANGED);
    expect(notice.text).not.toContain('/undo-email-change');
    expect(notice.text).not.toContain(owner.username);
    const left = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, owner.id));
    expect(left).toEqual([]);
  });

  it('expires after its days; a made-up token is refused', async () => {
    t.clock.set('2026-11-01T10:00:00Z');
    const owner = await createUser(t.app, { emailConfirmedAt: new Date('2026-01-01T00:00:00Z') });
    await moveTo(owner.cookie, attackerAddress());
    const token = linkIn(await nth(owner.email, CHANGED), '/undo-email-change').searchParams.get(
      'token',
    )!;
    t.clock.advance(UNDO_LINK_DAYS * 86_400_000 + 1000);
    const late = await undo(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.token).toEqual([UNDO_LINK_EXPIRED]);
    expect((await undo('x'.repeat(43))).json().message).toBe(UNDO_LINK_INVALID);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).not.toBe(owner.email);
  });
});
