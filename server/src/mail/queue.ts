import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { mailQueue } from '../db/schema';
import type { MailTransport } from './transport';

/** A message to queue (server/src/mail/messages.ts builds them). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const HOUR = 3_600_000;
/** A message that could not be handed over within this long is marked failed. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** How long a claimed message is the claimer's alone: far beyond an SMTP exchange's timeouts. */
export const LEASE_MS = 5 * 60_000;

/** The wait before attempt `attempts + 1`: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(HOUR, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues a message; the request that asked for it goes on at once. `db` may be a transaction:
 * the message then exists only if the change it tells about commits.
 */
export async function enqueueMail(db: Db, message: MailMessage, now: Date) {
  await db.insert(mailQueue).values({
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    headers: message.headers ?? {},
    messageId: `<${randomBytes(12).toString('hex')}@fitbench>`,
    createdAt: now,
    nextAttemptAt: now,
  });
}

type Row = typeof mailQueue.$inferSelect;

/**
 * Takes up to `limit` due messages for this worker: in one statement, the rows are locked with
 * `FOR UPDATE SKIP LOCKED` (another worker claiming at the same moment skips them) and leased
 * until now + LEASE_MS (no worker takes them before, even after this transaction ends).
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<Row[]> {
  const at = now.toISOString();
  const leased = new Date(now.getTime() + LEASE_MS).toISOString();
  const claimed = await rowsOf<{ id: number | string }>(
    db,
    sql`
    update mail_queue set locked_until = ${leased}::timestamptz, attempts = attempts + 1
    where id in (
      select id from mail_queue
      where sent_at is null and failed_at is null and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  const ids = claimed.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(mailQueue)
    .where(
      sql`${mailQueue.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Sent: the bodies go (a link in them may sign in) and so does the recipient (a deleted member's
 * address must not stay behind); the row stays as a record of what went when.
 */
async function markSent(db: Db, row: Row, now: Date) {
  await db
    .update(mailQueue)
    .set({
      sentAt: now,
      lockedUntil: null,
      recipient: '',
      textBody: '',
      htmlBody: '',
      lastError: null,
    })
    .where(eq(mailQueue.id, row.id));
}

/** Not handed over: try again after the backoff, or give up once 24 h have passed. */
async function markFailedAttempt(db: Db, row: Row, error: unknown, now: Date) {
  const next = new Date(now.getTime() + backoffMs(row.attempts));
  const giveUp = next.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
  const lastError = String((error as Error)?.message ?? error).slice(0, 500);
  await db
    .update(mailQueue)
    .set(
      giveUp
        ? { failedAt: now, lockedUntil: null, lastError, recipient: '', textBody: '', htmlBody: '' }
        : { nextAttemptAt: next, lockedUntil: null, lastError },
    )
    .where(eq(mailQueue.id, row.id));
  return giveUp;
}

async function releaseClaims(db: Db, rows: Row[]) {
  for (const row of rows) {
    await db
      .update(mailQueue)
      .set({ lockedUntil: null, attempts: sql`${mailQueue.attempts} - 1` })
      .where(eq(mailQueue.id, row.id));
  }
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  now?: () => Date;
  /** How often the queue is looked at without a kick (other instances' messages, retries). */
  pollMs?: number;
  /** Messages claimed at once. */
  batch?: number;
  log?: { info: (msg: string) => void; warn: (msg: string) => void; error: (msg: string) => void };
}

/**
 * Sends what the queue holds: on a timer, and at once when kicked (a request just queued a
 * message). One pass at a time in this process; other instances' workers take other rows.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly opts: MailWorkerOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  start() {
    this.stopped = false;
    const every = this.opts.pollMs ?? 10_000;
    this.timer = setInterval(() => this.kick(), every);
    this.timer.unref();
    this.kick();
  }

  /** Looks at the queue now (or right after the pass under way). Never throws. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.opts.log?.error(`mail queue: ${(err as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Claims and sends due messages until none is left; resolves when done. */
  async drain(): Promise<void> {
    const batch = this.opts.batch ?? 10;
    for (;;) {
      if (this.stopped) return;
      const rows = await claimDue(this.opts.db, this.now(), batch);
      for (const [i, row] of rows.entries()) {
        if (this.stopped) {
          // Stopping: what this pass claimed but did not try goes back at once, not at lease end.
          await releaseClaims(this.opts.db, rows.slice(i));
          return;
        }
        try {
          await this.opts.transport.send({
            to: row.recipient,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            headers: row.headers,
            messageId: row.messageId,
          });
          await markSent(this.opts.db, row, this.now());
        } catch (err) {
          const gaveUp = await markFailedAttempt(this.opts.db, row, err, this.now());
          this.opts.log?.warn(
            `mail ${row.id}: ${gaveUp ? 'given up after 24 h' : `attempt ${row.attempts} failed, will retry`}: ${(err as Error).message}`,
          );
        }
      }
      if (rows.length < batch) return;
    }
  }

  /** Waits until the pass under way (and any kicked after it) is over. */
  async idle() {
    while (this.running) await this.running;
  }

  /** Stops the timer and waits for the pass under way; claimed rows not sent return at lease end. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.opts.transport.close();
  }
}
