import { beforeEach, describe, expect, it } from 'vitest';
import { notificationSettings } from '../../db/schema';
import { createUser, type MadeUser } from '../../test/factories';
import { useInstances } from '../../test/reminder-instances';
import { notify } from './notify';

// The daily digest on two instances at once (docs/decisions/0257-notification-digest.md): only
// for members who opted in, at most one a day whichever instance looks, never in quiet hours.
const { smtp, push, t } = await useInstances();
beforeEach(async () => {
  await t.database.db.delete(notificationSettings);
  smtp.received.length = 0;
  push.received.length = 0;
});

async function runBoth(at: string) {
  t.clock.now = new Date(at);
  const [x, y] = await Promise.all([t.a.notificationDigests.run(), t.b.notificationDigests.run()]);
  await Promise.all([t.a.mail.worker!.drain(), t.b.mail.worker!.drain()]);
  await Promise.all([t.a.mail.worker!.idle(), t.b.mail.worker!.idle()]);
  return x + y;
}

async function member(opts: { email: boolean; push: boolean }) {
  const u = await createUser(t.a, {
    timeZone: 'Europe/Berlin',
    emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
  });
  const put = await t.a.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    headers: u.headers,
    payload: { digestEmail: opts.email, digestPush: opts.push },
  });
  expect(put.statusCode, put.body).toBe(200);
  if (opts.push) {
    const sub = push.subscribe();
    const added = await t.b.inject({
      method: 'POST',
      url: '/api/reminders/push-subscriptions',
      headers: u.headers,
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(added.statusCode).toBe(204);
  }
  return u;
}
const followedBy = async (u: MadeUser) => {
  const other = await createUser(t.a);
  await notify(t.a.db, { recipientId: u.id, kind: 'followed', actorId: other.id });
};

describe('the daily digest', () => {
  it('goes once a day, at 18:00 local, to those who opted in, with something new', async () => {
    const u = await member({ email: true, push: true });
    const off = await createUser(t.a, { emailConfirmedAt: new Date() });
    await followedBy(u);
    await followedBy(off);
    // 17:00 in Berlin (UTC+1 in March): not yet.
    expect(await runBoth('2026-03-02T16:00:00Z')).toBe(0);
    expect(await runBoth('2026-03-02T17:05:00Z')).toBe(1);
    expect(smtp.received.map((m) => [m.to, m.subject])).toEqual([
      [u.email, '1 new notification - FitBench'],
    ]);
    expect(smtp.received[0]!.listUnsubscribe).toMatch(/\/api\/notifications\/digest-off\?token=/);
    expect(push.received).toHaveLength(1);
    // Again the same day, with a new one: nothing (at most one a day).
    await followedBy(u);
    expect(await runBoth('2026-03-02T17:30:00Z')).toBe(0);
    // Next day: only what is new since the last digest.
    expect(await runBoth('2026-03-03T17:05:00Z')).toBe(1);
    expect(smtp.received.at(-1)!.subject).toBe('1 new notification - FitBench');
    // Nothing new: no digest.
    expect(await runBoth('2026-03-04T17:05:00Z')).toBe(0);
  });

  it('never in quiet hours; the one-click link turns it off', async () => {
    const u = await member({ email: true, push: false });
    await followedBy(u);
    // The member's reminder time is not set: 18:00 local. Quiet hours (22:00-07:00) never send,
    // even within the late window of a missed run.
    expect(await runBoth('2026-03-02T21:30:00Z')).toBe(0);
    expect(await runBoth('2026-03-02T17:01:00Z')).toBe(1);
    const link = smtp.received[0]!.listUnsubscribe!.replace(/^<|>$/g, '');
    const url = new URL(link);
    const bad = await t.b.inject({
      method: 'POST',
      url: `${url.pathname}?token=1.${'x'.repeat(32)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ off: false });
    const res = await t.b.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = await t.a.inject({ url: '/api/notifications/settings', headers: u.headers });
    expect(got.json()).toEqual({ digestEmail: false, digestPush: false });
  });
});
