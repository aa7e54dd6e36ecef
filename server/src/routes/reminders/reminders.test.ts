import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions, reminderSends, reminderSettings } from '../../db/schema';
import { createUser, createWorkout } from '../../test/factories';
import { useInstances } from '../../test/reminder-instances';

const { smtp, push, t } = await useInstances();
beforeEach(async () => {
  // Each test's members alone: earlier tests' reminders are turned off.
  await t.database.db.update(reminderSettings).set({ weeklyGoal: false, planDays: false });
  smtp.received.length = 0;
  push.received.length = 0;
});

const settings = { planDays: false, weeklyGoal: true, time: '18:00', email: true, push: true };

/** A member who opted in to the weekly goal reminder by email and push, with a device. */
async function member(timeZone: string | null, goal = 3, time = '18:00') {
  const u = await createUser(t.a, {
    timeZone,
    weeklyGoal: goal,
    emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
  });
  const put = await t.a.inject({
    method: 'PUT',
    url: '/api/reminders',
    headers: u.headers,
    payload: { ...settings, time },
  });
  expect(put.statusCode).toBe(200);
  const sub = push.subscribe();
  const added = await t.b.inject({
    method: 'POST',
    url: '/api/reminders/push-subscriptions',
    headers: u.headers,
    payload: { endpoint: sub.endpoint, keys: sub.keys },
  });
  expect(added.statusCode).toBe(204);
  return { ...u, sub };
}

/** Both instances run the job at the same moment; the reminders sent in total. */
async function runBoth(at: string) {
  t.clock.now = new Date(at);
  const [x, y] = await Promise.all([t.a.reminders.run(), t.b.reminders.run()]);
  await Promise.all([t.a.mail.worker!.drain(), t.b.mail.worker!.drain()]);
  await Promise.all([t.a.mail.worker!.idle(), t.b.mail.worker!.idle()]);
  return x + y;
}

describe('reminder settings', () => {
  it('start off; a time in quiet hours is refused with a clear message', async () => {
    const u = await createUser(t.a);
    const got = await t.a.inject({ method: 'GET', url: '/api/reminders', headers: u.headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.json()).toEqual({
      planDays: false,
      weeklyGoal: false,
      time: '18:00',
      email: true,
      push: false,
      devices: 0,
    });
    for (const time of ['22:00', '23:59', '00:00', '06:59']) {
      const r = await t.a.inject({
        method: 'PUT',
        url: '/api/reminders',
        headers: u.headers,
        payload: { ...settings, time },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors.time[0]).toMatch(/never sent between 22:00 and 07:00/);
    }
    const ok = await t.a.inject({
      method: 'PUT',
      url: '/api/reminders',
      headers: u.headers,
      payload: { ...settings, time: '21:59' },
    });
    expect(ok.json()).toMatchObject({ weeklyGoal: true, time: '21:59' });
    expect((await t.a.inject({ method: 'GET', url: '/api/reminders' })).statusCode).toBe(401);
  });

  it('push subscriptions: https endpoints only; removed by their member only (idempotently)', async () => {
    const u = await createUser(t.a);
    const other = await createUser(t.a);
    const sub = push.subscribe();
    const http = await t.a.inject({
      method: 'POST',
      url: '/api/reminders/push-subscriptions',
      headers: u.headers,
      payload: { endpoint: sub.endpoint.replace('https:', 'http:'), keys: sub.keys },
    });
    expect(http.statusCode).toBe(400);
    expect(
      (
        await t.a.inject({
          method: 'POST',
          url: '/api/reminders/push-subscriptions',
          headers: u.headers,
          payload: { endpoint: sub.endpoint, keys: {} },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.a.inject({
          method: 'POST',
          url: '/api/reminders/push-subscriptions',
          headers: u.headers,
          payload: { endpoint: sub.endpoint, keys: sub.keys },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.a.inject({ method: 'GET', url: '/api/reminders', headers: u.headers })).json()
        .devices,
    ).toBe(1);
    const del = (h: Record<string, string>) =>
      t.a.inject({
        method: 'DELETE',
        url: '/api/reminders/push-subscriptions',
        headers: h,
        payload: { endpoint: sub.endpoint },
      });
    // Another member's delete leaves it alone.
    expect((await del(other.headers)).statusCode).toBe(204);
    expect(
      (await t.a.inject({ method: 'GET', url: '/api/reminders', headers: u.headers })).json()
        .devices,
    ).toBe(1);
    expect((await del(u.headers)).statusCode).toBe(204);
    expect(
      (await t.a.inject({ method: 'GET', url: '/api/reminders', headers: u.headers })).json()
        .devices,
    ).toBe(0);
  });

  it('two instances started together keep one VAPID key pair', async () => {
    const [ka, kb] = await Promise.all([
      t.a.inject('/api/reminders/vapid-key'),
      t.b.inject('/api/reminders/vapid-key'),
    ]);
    expect(ka.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(kb.json()).toEqual(ka.json());
  });
});

describe('the reminder job', () => {
  it('two instances send each reminder exactly once, by email and by push, at the local time', async () => {
    // Thursday 2026-03-05; each member did one session on Monday; goal 3.
    const zones = ['Europe/Berlin', 'America/New_York', null, 'Asia/Tokyo'];
    const members = [];
    for (const tz of zones) {
      const m = await member(tz);
      t.clock.now = new Date('2026-03-02T12:00:00Z');
      await createWorkout(t.a, m.id);
      members.push(m);
    }
    // 17:59 in Berlin: not yet (Tokyo's 18:00 was at 09:00Z: 2 h late limit passed).
    expect(await runBoth('2026-03-05T16:59:00Z')).toBe(0);
    expect(await runBoth('2026-03-05T17:00:30Z')).toBe(1);
    expect(await runBoth('2026-03-05T17:01:00Z')).toBe(0);
    // UTC at 18:00Z, New York at 23:00Z.
    expect(await runBoth('2026-03-05T18:00:00Z')).toBe(1);
    expect(await runBoth('2026-03-05T23:00:00Z')).toBe(1);
    expect(await runBoth('2026-03-05T23:30:00Z')).toBe(0);
    const [berlin, newYork, utc, tokyo] = members;
    for (const m of [berlin!, newYork!, utc!]) {
      expect(smtp.to(m.email)).toHaveLength(1);
      expect(push.to(m.sub.id)).toHaveLength(1);
    }
    expect(smtp.to(tokyo!.email)).toHaveLength(0);
    const mail = smtp.to(berlin!.email)[0]!;
    expect(mail.subject).toBe('Your weekly goal - FitBench');
    expect(mail.text).toContain('2 more sessions this week');
    expect(mail.listUnsubscribe).toMatch(
      /^<https:\/\/fitbench\.test\/api\/reminders\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]{32}>$/,
    );
    // mailparser files List-Unsubscribe-Post under `list` too.
    expect(mail.headers.get('list')).toMatchObject({
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    expect(mail.text).toContain('https://fitbench.test/api/reminders/unsubscribe?token=');
    const payload = JSON.parse(push.to(berlin!.sub.id)[0]!.text);
    expect(payload).toMatchObject({
      title: 'Your weekly goal',
      url: '/',
      tag: 'fitbench-reminder-weekly-goal',
    });
    expect(payload.offUrl).toMatch(
      /^https:\/\/fitbench\.test\/api\/reminders\/unsubscribe\?token=/,
    );
    expect(push.received[0]!.authorization).toMatch(/^vapid t=.+, k=/);
    expect(push.errors).toEqual([]);
    // The day is recorded per member and local date: a restart (a new pass) sends nothing more.
    expect(await runBoth('2026-03-05T17:30:00Z')).toBe(0);
    const sends = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.userId, berlin!.id));
    expect(sends).toEqual([
      expect.objectContaining({ localDate: '2026-03-05', kind: 'weekly-goal' }),
    ]);
  });

  it('follows a DST change the next day (Asia/Jerusalem, Thursday 2026-03-26 -> Friday 03-27)', async () => {
    const m = await member('Asia/Jerusalem', 2);
    // Thursday 18:00 IST (UTC+2) is 16:00Z.
    expect(await runBoth('2026-03-26T15:59:00Z')).toBe(0);
    expect(await runBoth('2026-03-26T16:00:00Z')).toBe(1);
    // Friday: the clocks went forward at 02:00; 18:00 IDT (UTC+3) is 15:00Z, an hour earlier.
    expect(await runBoth('2026-03-27T14:59:00Z')).toBe(0);
    expect(await runBoth('2026-03-27T15:00:00Z')).toBe(1);
    expect(await runBoth('2026-03-27T16:00:00Z')).toBe(0);
    expect(smtp.to(m.email)).toHaveLength(2);
    expect(push.to(m.sub.id)).toHaveLength(2);
  });

  it('never sends in quiet hours, and not the next day once the goal is out of reach', async () => {
    // 21:30 in UTC, on Thursday 2026-03-12; the job was down until 22:05.
    const m = await member(null, 3, '21:30');
    expect(await runBoth('2026-03-12T22:05:00Z')).toBe(0);
    expect(await runBoth('2026-03-12T23:59:00Z')).toBe(0);
    // Friday 21:30: 3 missing with 2 days left: nothing to say (recorded as looked at).
    expect(await runBoth('2026-03-13T21:31:00Z')).toBe(0);
    expect(smtp.to(m.email)).toHaveLength(0);
    const sends = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.userId, m.id));
    expect(sends.map((s) => [s.localDate, s.kind])).toEqual([['2026-03-13', 'none']]);
  });

  it('reads only the members due: each row says when the job next looks, and a new zone resets it', async () => {
    // A goal of one set a week: on a Saturday without one, there is something to say.
    t.clock.now = new Date('2026-03-28T07:00:00Z');
    const m = await member('Europe/Berlin', 1);
    const nextAt = async () =>
      (
        await t.database.db
          .select({ at: reminderSettings.nextAt })
          .from(reminderSettings)
          .where(eq(reminderSettings.userId, m.id))
      )[0]!.at.toISOString();
    // Saturday morning: today's 18:00 CET (17:00Z) is when it is due.
    expect(await runBoth('2026-03-28T08:00:00Z')).toBe(0);
    expect(await nextAt()).toBe('2026-03-28T17:00:00.000Z');
    expect(await runBoth('2026-03-28T17:00:00Z')).toBe(1);
    // Then Sunday's 18:00, after the clocks went forward: CEST, 16:00Z.
    expect(await nextAt()).toBe('2026-03-29T16:00:00.000Z');
    // A pass before then does not read the member at all.
    expect(await runBoth('2026-03-29T15:59:00Z')).toBe(0);
    // Moving to New York: due at the next pass, which finds 18:00 EDT (22:00Z).
    const moved = await t.a.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: m.headers,
      payload: { timeZone: 'America/New_York' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await runBoth('2026-03-29T16:30:00Z')).toBe(0);
    expect(await nextAt()).toBe('2026-03-29T22:00:00.000Z');
    // New settings, too: 09:00 is already past in New York at 16:30Z (12:30 EDT): tomorrow's.
    const put = await t.a.inject({
      method: 'PUT',
      url: '/api/reminders',
      headers: m.headers,
      payload: { ...settings, time: '09:00' },
    });
    expect(put.statusCode).toBe(200);
    expect(await runBoth('2026-03-29T16:31:00Z')).toBe(0);
    expect(await nextAt()).toBe('2026-03-30T13:00:00.000Z');
  });

  it('a set saved today means no reminder today', async () => {
    const m = await member('Europe/Berlin');
    t.clock.now = new Date('2026-03-19T07:00:00Z');
    await createWorkout(t.a, m.id);
    expect(await runBoth('2026-03-19T17:00:00Z')).toBe(0);
    expect(smtp.to(m.email)).toHaveLength(0);
  });

  it('a subscription the push service says is gone is deleted', async () => {
    const m = await member('UTC');
    push.expire(m.sub.id);
    expect(await runBoth('2026-04-02T18:00:00Z')).toBe(1);
    expect(push.to(m.sub.id)).toHaveLength(0);
    expect(smtp.to(m.email)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, m.id)),
    ).toEqual([]);
  });

  it('the one-click unsubscribe turns reminders off without a session; GET only asks', async () => {
    t.clock.now = new Date('2026-04-09T12:00:00Z');
    const m = await member('UTC');
    expect(await runBoth('2026-04-09T18:00:00Z')).toBe(1);
    const url = new URL(smtp.to(m.email)[0]!.listUnsubscribe!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;
    const page = await t.b.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Turn off reminders');
    const still = await t.a.inject({ method: 'GET', url: '/api/reminders', headers: m.headers });
    expect(still.json(), still.body).toMatchObject({ weeklyGoal: true });
    const bad = await t.a.inject({
      method: 'POST',
      url: path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(404);
    // As a mail provider sends it (RFC 8058): a form POST, no cookie.
    const off = await t.a.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: expect.stringMatching(/Reminders are off/), off: true });
    const [row] = await t.database.db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, m.id));
    expect(row).toMatchObject({ planDays: false, weeklyGoal: false });
    expect(await runBoth('2026-04-10T18:00:00Z')).toBe(0);
  });
});
