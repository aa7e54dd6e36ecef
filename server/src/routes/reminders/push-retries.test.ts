import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { pushQueue, pushSubscriptions, reminderSettings } from '../../db/schema';
import { createUser } from '../../test/factories';
import { useInstances } from '../../test/reminder-instances';
import { nextAttemptAt, outcomeOf, retryAfterMs } from './push-queue';

// Web Push retries (docs/decisions/0311-push-retries.md): two instances on one database, one clock
// moved by the test (no waits), and the local push endpoint scripted to fail before it decrypts.

const { push, t } = await useInstances();
beforeEach(async () => {
  await t.database.db.update(reminderSettings).set({ weeklyGoal: false, planDays: false });
  await t.database.db.delete(pushQueue);
  push.received.length = 0;
});

/** A member with a weekly goal of one set, reminded by push only, with one device. */
async function member(timeZone: string, time = '18:00') {
  const u = await createUser(t.a, { timeZone, weeklyGoal: 1 });
  const put = await t.a.inject({
    method: 'PUT',
    url: '/api/reminders',
    headers: u.headers,
    payload: { planDays: false, weeklyGoal: true, time, email: false, push: true },
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

/** Both instances run the reminder job (and with it the push queue) at the same moment. */
async function runBoth(at: string) {
  t.clock.now = new Date(at);
  const [x, y] = await Promise.all([t.a.reminders.run(), t.b.reminders.run()]);
  return x + y;
}

/** Both instances look at the push queue at the same moment; the pushes delivered in total. */
async function pushesBoth(at: string) {
  t.clock.now = new Date(at);
  const [x, y] = await Promise.all([t.a.reminders.pushes(), t.b.reminders.pushes()]);
  return x + y;
}

const queued = (userId: number) =>
  t.database.db
    .select({
      attempts: pushQueue.attempts,
      next: pushQueue.nextAttemptAt,
      error: pushQueue.lastError,
    })
    .from(pushQueue)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));

const devices = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('the retry rules', () => {
  it('Retry-After in seconds or as a date; waits of 1, 5 and 30 minutes, a fifth either way', () => {
    const now = Date.parse('2026-05-07T18:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(['30'], now)).toBe(30_000);
    expect(retryAfterMs('Thu, 07 May 2026 18:10:00 GMT', now)).toBe(600_000);
    expect(retryAfterMs('Thu, 07 May 2026 17:00:00 GMT', now)).toBe(0);
    for (const bad of [undefined, '', 'soon', '-5']) expect(retryAfterMs(bad, now)).toBeNull();
    const low = () => 0;
    const high = () => 1;
    expect(nextAttemptAt(1, null, now, low)! - now).toBe(48_000);
    expect(nextAttemptAt(1, null, now, high)! - now).toBe(72_000);
    expect(nextAttemptAt(2, null, now, () => 0.5)! - now).toBe(300_000);
    expect(nextAttemptAt(3, null, now, low)! - now).toBe(1_440_000);
    expect(nextAttemptAt(4, null, now, low)).toBeNull();
    // Retry-After wins when it asks for longer, never when it asks for less.
    expect(nextAttemptAt(1, 600_000, now, high)! - now).toBe(600_000);
    expect(nextAttemptAt(1, 1_000, now, low)! - now).toBe(48_000);
  });

  it('transient: no answer, 429, 5xx; gone: 404, 410; anything else is refused', () => {
    const now = 0;
    const kind = (err: unknown) => outcomeOf(err, now).kind;
    for (const status of [429, 500, 502, 503])
      expect(kind({ statusCode: status })).toBe('transient');
    expect(kind({ code: 'ECONNRESET' })).toBe('transient');
    expect(kind(new Error('Socket timeout'))).toBe('transient');
    expect(kind({ statusCode: 404 })).toBe('gone');
    expect(kind({ statusCode: 410 })).toBe('gone');
    for (const status of [400, 401, 403, 413]) expect(kind({ statusCode: status })).toBe('refused');
    expect(kind(new Error('The subscription p256dh value should be 65 bytes long.'))).toBe(
      'refused',
    );
    expect(outcomeOf({ statusCode: 503, headers: { 'retry-after': '90' } }, now)).toEqual({
      kind: 'transient',
      retryAfterMs: 90_000,
    });
  });
});

describe('a push that fails', () => {
  it('503 then 201: tried again once after the backoff, by one of two instances, delivered once', async () => {
    // Thursday 2026-05-07, no set this week: the weekly goal reminder is due at 18:00 UTC.
    const m = await member('UTC');
    push.answer(m.sub.id, { status: 503 });
    expect(await runBoth('2026-05-07T18:00:00Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(push.to(m.sub.id)).toHaveLength(0);
    const [row] = await queued(m.id);
    expect(row).toMatchObject({ attempts: 1, error: expect.stringContaining('503') });
    const wait = row!.next.getTime() - Date.parse('2026-05-07T18:00:00Z');
    expect(wait).toBeGreaterThanOrEqual(48_000);
    expect(wait).toBeLessThanOrEqual(72_000);
    // Before the earliest the jitter allows: nothing goes.
    expect(await pushesBoth('2026-05-07T18:00:47Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(1);
    // After it: one of the two instances sends it, once, and the endpoint decrypts it.
    expect(await pushesBoth('2026-05-07T18:01:13Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(2);
    const got = push.to(m.sub.id);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.text)).toMatchObject({
      title: 'Your weekly goal',
      tag: 'fitbench-reminder-weekly-goal',
    });
    expect(push.errors).toEqual([]);
    expect(await queued(m.id)).toEqual([]);
    // Later passes (and the reminder job) send nothing more.
    expect(await pushesBoth('2026-05-07T18:45:00Z')).toBe(0);
    expect(await runBoth('2026-05-07T19:00:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(2);
  });

  it('Retry-After is honoured; 429, a dropped connection and 5xx are retried; the fourth failure gives up', async () => {
    const m = await member('UTC');
    push.answer(
      m.sub.id,
      { status: 429, headers: { 'Retry-After': '600' } },
      'reset',
      { status: 500 },
      { status: 502 },
    );
    expect(await runBoth('2026-05-14T18:00:00Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(1);
    // Ten minutes, as the push service asked, not one.
    expect(await pushesBoth('2026-05-14T18:05:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(await pushesBoth('2026-05-14T18:10:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(2);
    // The connection dropped: five minutes (a fifth either way).
    expect(await pushesBoth('2026-05-14T18:13:59Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(2);
    expect(await pushesBoth('2026-05-14T18:16:01Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(3);
    // 500: thirty minutes.
    expect(await pushesBoth('2026-05-14T18:39:59Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(3);
    expect(await pushesBoth('2026-05-14T18:52:02Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(4);
    // 502 on the fourth attempt: given up; the device stays for tomorrow.
    expect(await queued(m.id)).toEqual([]);
    expect(await pushesBoth('2026-05-14T19:30:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(4);
    expect(push.to(m.sub.id)).toHaveLength(0);
    expect(await devices(m.id)).toHaveLength(1);
  });

  it('410 deletes the subscription at once and is not tried again', async () => {
    const m = await member('UTC');
    push.expire(m.sub.id);
    expect(await runBoth('2026-05-21T18:00:00Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(await devices(m.id)).toEqual([]);
    expect(await queued(m.id)).toEqual([]);
    expect(await pushesBoth('2026-05-21T18:40:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(1);
  });

  it('400 gives up without a retry; the subscription stays and the next reminder arrives', async () => {
    const m = await member('UTC');
    push.answer(m.sub.id, { status: 400 });
    expect(await runBoth('2026-05-28T18:00:00Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(await queued(m.id)).toEqual([]);
    expect(await pushesBoth('2026-05-28T18:40:00Z')).toBe(0);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(await devices(m.id)).toHaveLength(1);
    // Friday: the goal of one is still reachable, and the device answers 201 now.
    expect(await runBoth('2026-05-29T18:00:00Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(2);
    expect(push.to(m.sub.id)).toHaveLength(1);
  });

  it('a retry that would fall in quiet hours (in the member’s zone) is given up, not sent at 07:00', async () => {
    // 21:59 in Berlin (CEST) is 19:59Z; looked at 30 s late, the retry would come after 22:00.
    const m = await member('Europe/Berlin', '21:59');
    push.answer(m.sub.id, { status: 503 });
    expect(await runBoth('2026-06-04T19:59:30Z')).toBe(1);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(await queued(m.id)).toEqual([]);
    for (const at of ['2026-06-04T20:01:00Z', '2026-06-05T05:00:00Z', '2026-06-05T05:01:00Z'])
      expect(await pushesBoth(at)).toBe(0);
    expect(push.requests(m.sub.id)).toBe(1);
    expect(push.to(m.sub.id)).toHaveLength(0);
  });
});
