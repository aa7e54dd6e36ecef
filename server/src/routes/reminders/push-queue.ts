import { sql, type SQL } from 'drizzle-orm';
import { isQuietMinute, localMinute } from '@common/reminders';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ReminderKeys } from './keys';
import { sendPush, type PushOptions, type PushPayload } from './push';

// The push queue (docs/decisions/0311-push-retries.md): every instance sends what is due; each
// attempt is one instance's, claimed in one statement (FOR UPDATE SKIP LOCKED and a lease, as the
// mail queue: server/src/mail/queue.ts). A transient failure (no answer, 429, 5xx) is tried again
// after 1, 5 and 30 minutes (each moved by up to a fifth either way), later if Retry-After says
// so; 404/410 delete the subscription; any other answer gives up. Never in quiet hours.

const MINUTE = 60_000;
/** The waits before the second, third and fourth attempts; a fourth failure gives up. */
export const RETRY_STEPS_MS: readonly number[] = [MINUTE, 5 * MINUTE, 30 * MINUTE];
/** Each wait moves by up to this fraction either way, so devices that failed together spread out. */
export const JITTER = 0.2;
/** A push not delivered within this long of being queued is given up (the job's late limit). */
export const PUSH_LATE_LIMIT_MS = 2 * 60 * MINUTE;
/** How long a claimed push is its instance's alone: far beyond the request's 20 s timeout. */
export const PUSH_LEASE_MS = 2 * MINUTE;

export type PushOutcome =
  { kind: 'gone' } | { kind: 'transient'; retryAfterMs: number | null } | { kind: 'refused' };

/** Retry-After as a wait in ms: delta-seconds or an HTTP date (RFC 9110 10.2.3); null if neither. */
export function retryAfterMs(value: unknown, now: number): number | null {
  const v = (Array.isArray(value) ? value[0] : value) as unknown;
  if (typeof v !== 'string' || v.trim() === '') return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  // An HTTP date starts with the day's name ("Thu, 07 May 2026 18:10:00 GMT").
  const at = /^[A-Za-z]/.test(v.trim()) ? Date.parse(v) : NaN;
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** What a failed push request means for the next attempt. */
export function outcomeOf(err: unknown, now: number): PushOutcome {
  const e = (err ?? {}) as {
    statusCode?: unknown;
    headers?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof e.statusCode === 'number') {
    const status = e.statusCode;
    if (status === 404 || status === 410) return { kind: 'gone' };
    if (status === 429 || status >= 500) {
      const headers = (e.headers ?? {}) as Record<string, unknown>;
      return { kind: 'transient', retryAfterMs: retryAfterMs(headers['retry-after'], now) };
    }
    return { kind: 'refused' };
  }
  // No answer: a network error (node's ECONNREFUSED, ECONNRESET, EAI_AGAIN...) or web-push's own
  // timeout. Anything else was thrown before a request went (a malformed key): no retry mends it.
  if (typeof e.code === 'string' || e.message === 'Socket timeout')
    return { kind: 'transient', retryAfterMs: null };
  return { kind: 'refused' };
}

/**
 * When attempt `attempts + 1` may go after a transient failure of attempt `attempts`: the step's
 * wait with jitter, or Retry-After's if longer; null once the steps are spent.
 */
export function nextAttemptAt(
  attempts: number,
  retryAfter: number | null,
  now: number,
  random: () => number,
): number | null {
  const step = RETRY_STEPS_MS[attempts - 1];
  if (step === undefined) return null;
  const jittered = Math.round(step * (1 - JITTER + 2 * JITTER * random()));
  return now + Math.max(jittered, retryAfter ?? 0);
}

/** Whether `at` falls in the member's quiet hours (22:00 to 07:00 in their zone; null: UTC). */
function quietAt(at: number, tz: string | null): boolean {
  try {
    return isQuietMinute(localMinute(at, tz ?? 'UTC'));
  } catch {
    return isQuietMinute(localMinute(at, 'UTC'));
  }
}

interface Claimed {
  id: number | string;
  attempts: number;
  payload: PushPayload;
  created_at: Date | string;
  subscription_id: number | string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number;
  time_zone: string | null;
}

const idList = (ids: (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${Number(id)}`),
    sql`, `,
  );

/**
 * Takes up to `limit` due pushes for this instance: locked with FOR UPDATE SKIP LOCKED (another
 * instance claiming at the same moment skips them) and leased until now + PUSH_LEASE_MS, the
 * attempt counted, in one statement; then read with their device and member.
 */
export async function claimDuePushes(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const leased = new Date(now.getTime() + PUSH_LEASE_MS).toISOString();
  const claimed = await rowsOf<{ id: number | string }>(
    db,
    sql`update push_queue set locked_until = ${leased}::timestamptz, attempts = attempts + 1
    where id in (
      select id from push_queue
      where next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  if (claimed.length === 0) return [];
  return rowsOf<Claimed>(
    db,
    sql`select q.id, q.attempts, q.payload, q.created_at, q.subscription_id, s.endpoint, s.p256dh,
        s.auth, s.user_id, u.time_zone
      from push_queue q
      join push_subscriptions s on s.id = q.subscription_id
      join users u on u.id = s.user_id
      where q.id in (${idList(claimed.map((r) => r.id))})
      order by q.id`,
  );
}

export interface PushQueueDeps {
  db: Db;
  keys: () => Promise<ReminderKeys>;
  push: Omit<PushOptions, 'keys'>;
  warn: (m: string) => void;
  /** Jitter's source; tests may fix it. */
  random?: () => number;
}

/**
 * Sends every push due at `now`, a batch at a time; resolves with the pushes delivered. Another
 * instance running at the same moment takes other rows.
 */
export async function sendDuePushes(deps: PushQueueDeps, now: Date, batch = 20): Promise<number> {
  const keys = await deps.keys();
  let delivered = 0;
  for (;;) {
    const rows = await claimDuePushes(deps.db, now, batch);
    for (const row of rows) if (await attempt(deps, keys, row, now)) delivered += 1;
    if (rows.length < batch) return delivered;
  }
}

/** The row as this attempt claimed it: a late instance whose lease ran out changes nothing. */
const mine = (row: Claimed): SQL => sql`id = ${Number(row.id)} and attempts = ${row.attempts}`;

async function attempt(deps: PushQueueDeps, keys: ReminderKeys, row: Claimed, now: Date) {
  const { db } = deps;
  const t = now.getTime();
  const made = new Date(row.created_at).getTime();
  const giveUp = async (why: string) => {
    await db.execute(sql`delete from push_queue where ${mine(row)}`);
    deps.warn(`push ${row.id} to member ${row.user_id}: given up (${why})`);
    return false;
  };
  // Looked at late (an outage), or in quiet hours: not sent now, nor later.
  if (quietAt(t, row.time_zone)) return giveUp('quiet hours');
  if (t - made > PUSH_LATE_LIMIT_MS) return giveUp('too late');
  try {
    await sendPush(row, row.payload, { ...deps.push, keys });
    await db.execute(sql`delete from push_queue where ${mine(row)}`);
    return true;
  } catch (err) {
    const outcome = outcomeOf(err, t);
    const what = `${(err as { statusCode?: number }).statusCode ?? ''} ${(err as Error).message}`
      .trim()
      .slice(0, 300);
    if (outcome.kind === 'gone') {
      // The device unsubscribed: its subscription goes, and its queued pushes with it (cascade).
      await db.execute(
        sql`delete from push_subscriptions where id = ${Number(row.subscription_id)}`,
      );
      return false;
    }
    if (outcome.kind === 'refused') return giveUp(what);
    const next = nextAttemptAt(row.attempts, outcome.retryAfterMs, t, deps.random ?? Math.random);
    if (next === null) return giveUp(`${row.attempts} attempts; ${what}`);
    if (next - made > PUSH_LATE_LIMIT_MS) return giveUp(`the retry would be too late; ${what}`);
    // A retry due in quiet hours is given up rather than held until 07:00: the reminder or digest
    // is the day's, and the next day brings its own (docs/decisions/0311-push-retries.md).
    if (quietAt(next, row.time_zone)) return giveUp(`the retry would fall in quiet hours; ${what}`);
    await db.execute(sql`update push_queue
      set next_attempt_at = ${new Date(next).toISOString()}::timestamptz, locked_until = null,
        last_error = ${what}
      where ${mine(row)}`);
    return false;
  }
}
