import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { mailQueue } from '../db/schema';
import { openTestDatabase } from '../test/db';
import { startTestSmtp } from '../test/smtp';
import { composeMail } from './messages';
import { claimDue, enqueueMail, GIVE_UP_AFTER_MS, LEASE_MS, MailWorker } from './queue';
import { outboxTransport } from './transport';

const smtp = await startTestSmtp();
let database: Database;
let clock = new Date('2026-11-26T10:00:00Z');
const now = () => clock;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await smtp.close();
});
beforeEach(async () => {
  await database.db.delete(mailQueue);
  smtp.received.length = 0;
  smtp.refuse(0);
  clock = new Date('2026-11-26T10:00:00Z');
});

const message = (to: string, n = 0) =>
  composeMail({
    to,
    subject: `Hello ${n}`,
    paragraphs: [`Message ${n}`],
    link: { label: 'Open', url: `https://fitbench.example/x?n=${n}` },
  });
const worker = (db: Db = database.db) =>
  new MailWorker({ db, transport: smtp.transport(), now, pollMs: 60_000 });
const rows = () => database.db.select().from(mailQueue).orderBy(mailQueue.id);

describe('mail queue', () => {
  it('hands a queued message to the SMTP server: text and HTML, no images, bodies emptied once sent', async () => {
    await enqueueMail(database.db, message('ann@example.com'), now());
    const w = worker();
    await w.drain();
    await w.stop();
    const [got] = await smtp.waitFor('ann@example.com');
    expect(got!.subject).toBe('Hello 0 - FitBench');
    expect(got!.text).toContain('https://fitbench.example/x?n=0');
    expect(got!.html).toContain('FitBench');
    expect(got!.html).not.toMatch(/<img|src=/i);
    const [row] = await rows();
    expect(row!.sentAt).not.toBeNull();
    expect(row!.textBody).toBe('');
    expect(row!.htmlBody).toBe('');
    expect(row!.recipient).toBe('');
    expect(got!.messageId).toBe(row!.messageId);
  });

  it('retries with a growing wait when the server refuses, and sends once it accepts', async () => {
    await enqueueMail(database.db, message('bob@example.com'), now());
    smtp.refuse(2);
    const w = worker();
    await w.drain();
    let [row] = await rows();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/451|Try again/);
    const firstWait = row!.nextAttemptAt.getTime() - clock.getTime();
    await w.drain(); // not due yet: nothing is tried
    expect((await rows())[0]!.attempts).toBe(1);
    clock = new Date(row!.nextAttemptAt.getTime());
    await w.drain();
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - clock.getTime()).toBeGreaterThan(firstWait);
    clock = new Date(row!.nextAttemptAt.getTime());
    await w.drain();
    await w.stop();
    expect(smtp.to('bob@example.com')).toHaveLength(1);
    expect((await rows())[0]!.sentAt).not.toBeNull();
  });

  it('gives a message up after 24 h of refusals: marked failed, bodies emptied, never sent', async () => {
    await enqueueMail(database.db, message('cat@example.com'), now());
    smtp.refuse(1_000);
    const w = worker();
    const start = clock.getTime();
    for (let i = 0; i < 60; i++) {
      await w.drain();
      const [row] = await rows();
      if (row!.failedAt) break;
      clock = new Date(row!.nextAttemptAt.getTime());
    }
    await w.stop();
    const [row] = await rows();
    expect(row!.failedAt).not.toBeNull();
    expect(row!.failedAt!.getTime() - start).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(row!.attempts).toBeGreaterThan(5);
    expect(row!.textBody).toBe('');
    expect(smtp.to('cat@example.com')).toHaveLength(0);
  });

  it('a restart with messages waiting: a claim left by a crashed worker is taken after its lease, each message once', async () => {
    for (let i = 0; i < 5; i++)
      await enqueueMail(database.db, message('dan@example.com', i), now());
    // A worker claims two and dies before sending (a SIGKILL): they are leased, not lost.
    const claimed = await claimDue(database.db, now(), 2);
    expect(claimed).toHaveLength(2);
    // The next process sends what is free at once...
    const w = worker();
    await w.drain();
    expect(smtp.to('dan@example.com')).toHaveLength(3);
    // ...and the crashed claims once their lease is over.
    clock = new Date(clock.getTime() + LEASE_MS + 1);
    await w.drain();
    await w.drain();
    await w.stop();
    const got = smtp
      .to('dan@example.com')
      .map((m) => m.subject)
      .sort();
    expect(got).toEqual([0, 1, 2, 3, 4].map((n) => `Hello ${n} - FitBench`));
  });

  it('a real restart with messages waiting: the next process sends each exactly once', async () => {
    // The first process queues and stops before its worker ran (on PGlite: a folder on disk,
    // closed and opened again; on PostgreSQL: a pool of its own, ended, and a new one).
    let reopen: () => Promise<{ db: Db; close: () => Promise<void> }>;
    let dir: string | undefined;
    if (database.kind === 'pglite') {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-restart-'));
      reopen = () => openPglite({ dataDir: dir });
    } else {
      reopen = async () => {
        const pool = new pg.Pool({ connectionString: database.url, max: 2 });
        return { db: drizzlePg(pool, { schema }) as unknown as Db, close: () => pool.end() };
      };
    }
    const first = await reopen();
    for (let i = 0; i < 4; i++) await enqueueMail(first.db, message('ida@example.com', i), now());
    await first.close();
    const second = await reopen();
    const w = new MailWorker({ db: second.db, transport: smtp.transport(), now, pollMs: 60_000 });
    await w.drain();
    await w.drain();
    await w.stop();
    await second.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    const got = smtp
      .to('ida@example.com')
      .map((m) => m.subject)
      .sort();
    expect(got).toEqual([0, 1, 2, 3].map((n) => `Hello ${n} - FitBench`));
  }, 120_000);

  it('a worker that stops gives back what it claimed but did not try', async () => {
    for (let i = 0; i < 3; i++)
      await enqueueMail(database.db, message('eve@example.com', i), now());
    const w = new MailWorker({
      db: database.db,
      transport: {
        description: 'stopping',
        close: () => undefined,
        send: async () => {
          void w.stop();
          throw new Error('stopped mid-send');
        },
      },
      now,
      pollMs: 60_000,
    });
    await w.drain();
    const left = await rows();
    expect(left.filter((r) => r.lockedUntil !== null)).toHaveLength(0);
    const next = worker();
    clock = new Date(clock.getTime() + 60 * 60_000);
    await next.drain();
    await next.stop();
    expect(smtp.to('eve@example.com')).toHaveLength(3);
  });

  it('two instances draining one queue at once send every message exactly once', async () => {
    for (let i = 0; i < 30; i++)
      await enqueueMail(database.db, message('fay@example.com', i), now());
    // On PostgreSQL the second instance has its own connections, as a second process would.
    let otherDb: Db = database.db;
    let pool: pg.Pool | undefined;
    if (database.kind === 'postgres') {
      pool = new pg.Pool({ connectionString: database.url, max: 4 });
      otherDb = drizzlePg(pool, { schema }) as unknown as Db;
    }
    const a = new MailWorker({
      db: database.db,
      transport: smtp.transport(),
      now,
      pollMs: 60_000,
      batch: 3,
    });
    const b = new MailWorker({
      db: otherDb,
      transport: smtp.transport(),
      now,
      pollMs: 60_000,
      batch: 3,
    });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await a.stop();
    await b.stop();
    await pool?.end();
    const subjects = smtp.to('fay@example.com').map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const sent = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailQueue)
      .where(sql`sent_at is not null`);
    expect(sent[0]!.n).toBe(30);
  });

  it('a worker kicked after a message is queued sends it without waiting for its timer', async () => {
    const w = new MailWorker({ db: database.db, transport: smtp.transport(), now, pollMs: 60_000 });
    w.start();
    await enqueueMail(database.db, message('gus@example.com'), now());
    w.kick();
    await smtp.waitFor('gus@example.com');
    await w.stop();
    const [row] = await rows();
    expect(row!.sentAt).not.toBeNull();
  });
});

describe('outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file only its owner may read', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-outbox-')), 'outbox');
    const transport = outboxTransport(dir, 'FitBench <fitbench@localhost>');
    const m = message('hal@example.com');
    await transport.send({ ...m, headers: m.headers ?? {}, messageId: '<abc@fitbench>' });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(dir, files[0]!);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe('Hello 0 - FitBench');
    expect(parsed.text).toContain('https://fitbench.example/x?n=0');
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
