import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { openTestDatabase } from './db';
import { recordResponses } from './openapi-responses';
import { startPushEndpoint, type PushEndpoint } from './push-endpoint';
import { startTestSmtp, type TestSmtp } from './smtp';

// Two app instances on one database for the reminder tests (tests only). On PostgreSQL the second
// has its own pool, as a second process would; on PGlite both share the one database.

export interface Instances {
  a: App;
  b: App;
  database: Database;
  clock: { now: Date };
  /** Answers the apps gave that the API description does not describe. */
  problems(): string[];
  close(): Promise<void>;
}

export async function startInstances(smtp: TestSmtp, push: PushEndpoint): Promise<Instances> {
  const database = await openTestDatabase();
  const clock = { now: new Date('2026-03-02T12:00:00Z') };
  let pool: pg.Pool | undefined;
  let dbB: Db = database.db;
  if (database.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    dbB = drizzlePg(pool, { schema }) as unknown as Db;
  }
  const make = (db: Db) =>
    buildApp({
      db,
      config: { siteUrl: 'https://fitbench.test' },
      now: () => clock.now,
      mailTransport: smtp.transport(),
      mailPollMs: 60_000,
      reminders: { pollMs: 0, pushAgent: push.agent },
      notifications: { digestPollMs: 0 },
    });
  const [a, b] = await Promise.all([make(database.db), make(dbB)]);
  const checks = [recordResponses(a), recordResponses(b)];
  // Started together: both make a key pair at start, one row stays.
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    database,
    clock,
    problems: () => checks.flatMap((c) => c()),
    async close() {
      await Promise.all([a.close(), b.close()]);
      await pool?.end();
      await database.close();
    },
  };
}

/**
 * A test file's SMTP server, push endpoint and two instances, started as the file loads and closed
 * after its tests; the closing fails on any answer the API description does not describe.
 */
export async function useInstances(): Promise<{
  smtp: TestSmtp;
  push: PushEndpoint;
  t: Instances;
}> {
  const smtp = await startTestSmtp();
  const push = await startPushEndpoint();
  const t = await startInstances(smtp, push);
  afterAll(async () => {
    const problems = t.problems();
    await t.close();
    await smtp.close();
    await push.close();
    if (problems.length)
      throw new Error(`Responses the OpenAPI document does not describe:\n${problems.join('\n')}`);
  });
  return { smtp, push, t };
}
