import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestSmtp } from '../../test/smtp';

// POST /api/email/change sent mail to any address without limit, greeting the sender's chosen
// name (docs/decisions/0206-email-change-limits-and-unproven-addresses.md). Limits per member and
// per address asked for; mail to the unproven address carries nothing the member chose.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = useTestApp(
  {
    siteUrl: 'http://fitbench.test',
    emailChangeMax: 4,
    emailChangeAddressMax: 2,
    emailChangeWindowMs: 3_600_000,
  },
  { mailTransport: smtp.transport(), mailPollMs: 200 },
);

let seq = 0;
const address = () => `target${++seq}${Date.now() % 100000}@example.org`;
const change = (cookie: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/change',
    headers: { cookie },
    payload: { email, password: DEFAULT_PASSWORD },
  });

describe('change email limits', () => {
  it('a member may ask a few times an hour; then 429 with Retry-After, and nothing more is sent', async () => {
    const u = await createUser(t.app);
    const targets = [address(), address(), address(), address(), address()];
    for (const to of targets.slice(0, 4)) expect((await change(u.cookie, to)).statusCode).toBe(202);
    const over = await change(u.cookie, targets[4]!);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/many changes of address/);
    await smtp.waitFor(targets[3]!);
    await t.app.mail.worker!.idle();
    expect(smtp.to(targets[4]!)).toHaveLength(0);
    // Four requests: four links and four notices to the member's own address, no more.
    expect(smtp.to(u.email)).toHaveLength(4);

    // An hour later it may ask again.
    t.clock.set(new Date(Date.now() + 3_600_000 + 1000));
    expect((await change(u.cookie, targets[4]!)).statusCode).toBe(202);
    t.clock.set(new Date());
  });

  it('requests sent at once are counted one by one (the attack sent 40 in 1.3 s)', async () => {
    const u = await createUser(t.app);
    const targets = Array.from({ length: 8 }, address);
    const statuses = (await Promise.all(targets.map((to) => change(u.cookie, to)))).map(
      (r) => r.statusCode,
    );
    expect(statuses.filter((s) => s === 202)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('one address gets a few requests an hour, from any number of members', async () => {
    const to = address();
    const members = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    expect((await change(members[0]!.cookie, to)).statusCode).toBe(202);
    expect((await change(members[1]!.cookie, to)).statusCode).toBe(202);
    const over = await change(members[2]!.cookie, to);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await smtp.waitFor(to, 2);
    await t.app.mail.worker!.idle();
    expect(smtp.to(to)).toHaveLength(2);
  });

  it('the message to the new address carries no username nor full name', async () => {
    const u = await createUser(t.app, {
      username: 'login.evil-example.com',
      fullName: 'Security Team',
    });
    const to = address();
    expect((await change(u.cookie, to)).statusCode).toBe(202);
    const [mail] = await smtp.waitFor(to);
    expect(mail!.subject).toBe('Confirm your new email address - FitBench');
    for (const part of [mail!.text, mail!.html, mail!.subject]) {
      expect(part).not.toContain('evil-example');
      expect(part).not.toContain('Security Team');
    }
    expect(mail!.text.startsWith('Hello,')).toBe(true);
  });
});
