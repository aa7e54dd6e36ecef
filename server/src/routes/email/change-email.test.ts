import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { linkIn, startTestSmtp } from '../../test/smtp';
import { ADDRESS_TAKEN, CONFIRM_LINK_INVALID, SAME_ADDRESS } from './email.service';

// Changing the account's address in settings, with the links read from a real SMTP server.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  { siteUrl: 'http://fitbench.test', loginMaxFailures: 3 },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

const change = (cookie: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/change',
    headers: { cookie },
    payload: body as object,
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token } });
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
let seq = 0;
const newAddress = () => `moved${++seq}${Date.now() % 100000}@example.org`;

describe('change email', () => {
  it('asks for the password, confirms the new address by link, tells the old one; the change applies on confirmation', async () => {
    const u = await createUser(t.app);
    const next = newAddress();
    const res = await change(u.cookie, { email: next, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain(next);
    // Nothing changes before the link is followed.
    expect((await me(u.cookie)).json().email).toBe(u.email);
    const [asked] = await smtp.waitFor(u.email);
    expect(asked!.subject).toBe('A change of your email address was asked for - FitBench');
    const [link] = await smtp.waitFor(next);
    expect(link!.subject).toBe('Confirm your new email address - FitBench');
    const token = linkIn(link!, '/confirm-email').searchParams.get('token')!;

    expect((await confirm(token)).statusCode).toBe(200);
    expect((await me(u.cookie)).json()).toMatchObject({ email: next, emailConfirmed: true });
    const old = await smtp.waitFor(u.email, 2);
    expect(old[1]!.subject).toBe('Your email address was changed - FitBench');
    // The new address masked: the old one's reader may not be the member any more.
    expect(old[1]!.text).toContain(`changed to m***@example.org`);
    expect(old[1]!.text).not.toContain(next);
    expect((await confirm(token)).json().message).toBe(CONFIRM_LINK_INVALID);
  });

  it('a wrong password changes nothing and sends nothing', async () => {
    const u = await createUser(t.app);
    const next = newAddress();
    const res = await change(u.cookie, { email: next, password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual(['That is not your current password.']);
    await t.app.mail.worker!.idle();
    expect(smtp.to(next)).toHaveLength(0);
    expect(smtp.to(u.email)).toHaveLength(0);
  });

  it('refuses the same address, a bad one, and a visitor', async () => {
    const u = await createUser(t.app);
    expect(
      (await change(u.cookie, { email: u.email.toUpperCase(), password: DEFAULT_PASSWORD })).json()
        .errors.email,
    ).toEqual([SAME_ADDRESS]);
    expect((await change(u.cookie, { email: 'nope', password: DEFAULT_PASSWORD })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/email/change',
          payload: { email: newAddress(), password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('an address another account confirmed is answered the same; its holder is told, and no link goes out', async () => {
    const holder = await createUser(t.app, { emailConfirmedAt: new Date() });
    const u = await createUser(t.app);
    const res = await change(u.cookie, { email: holder.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(202);
    const [notice] = await smtp.waitFor(holder.email);
    expect(notice!.subject).toBe('Someone tried to register with your address - FitBench');
    await t.app.mail.worker!.idle();
    expect(smtp.to(holder.email)).toHaveLength(1);
  });

  it('a link to an address that another account confirmed meanwhile is refused', async () => {
    const u = await createUser(t.app);
    const next = newAddress();
    await change(u.cookie, { email: next, password: DEFAULT_PASSWORD });
    const [link] = await smtp.waitFor(next);
    await createUser(t.app, { email: next, emailConfirmedAt: new Date() });
    const res = await confirm(linkIn(link!, '/confirm-email').searchParams.get('token')!);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADDRESS_TAKEN);
    expect((await me(u.cookie)).json().email).toBe(u.email);
  });
});
