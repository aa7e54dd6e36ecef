import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppConfig, type AppDeps } from '../app';
import type { Database } from '../db/client';
import { connectSessionCache, SessionCache } from '../lib/session-cache';
import { openTestDatabase } from './db';
import { recordResponses } from './openapi-responses';

export interface TestContext {
  app: App;
  database: Database;
  clock: { now: Date; set(iso: string | Date): void; advance(ms: number): void };
}

/** Waits (at most 5 s) until a cache that listens to the database is on: on PostgreSQL it stays
 * off until its LISTEN connection is up. */
export async function untilEnabled(cache: { isEnabled: boolean }): Promise<void> {
  for (let waited = 0; !cache.isEnabled && waited < 5_000; waited += 20) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * One app and database per test file. The clock is real unless a test sets it.
 * Usage: `const t = useTestApp();` then `t.app.inject(...)` inside tests.
 */
export function useTestApp(
  config: Partial<AppConfig> = {},
  deps: Pick<
    AppDeps,
    'boardCache' | 'sessionCache' | 'cardRenderer' | 'mailTransport' | 'mailPollMs'
  > = {},
): TestContext {
  const ctx = {} as TestContext;
  let checkResponses: (() => string[]) | undefined;
  let fixed: Date | null = null;
  ctx.clock = {
    get now() {
      return fixed ?? new Date();
    },
    set(v) {
      fixed = new Date(v);
    },
    advance(ms) {
      fixed = new Date((fixed ?? new Date()).getTime() + ms);
    },
  };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    // On PGlite every suite runs with the session cache, as the server does: a change made behind
    // the app's back is heard before the writing statement returns, so no test can see it stale.
    // On PostgreSQL it is heard a moment later, so only the suites that ask for one get one.
    const sessionCache =
      deps.sessionCache ?? (ctx.database.kind === 'pglite' ? new SessionCache() : undefined);
    // Suites save far more than a member may in an hour; the save-limit tests set their own.
    ctx.app = await buildApp({
      db: ctx.database.db,
      config: { saveMax: 10_000, ...config },
      now: () => ctx.clock.now,
      ...deps,
      sessionCache,
      notifications: { database: ctx.database },
    });
    // A session cache hears the database's announcements, as in the server (server/src/index.ts).
    if (sessionCache) {
      const stop = await connectSessionCache(ctx.database, sessionCache, () => undefined);
      ctx.app.addHook('onClose', stop);
      // PostgreSQL: the cache stays off until its LISTEN connection is up.
      await untilEnabled(sessionCache);
    }
    checkResponses = recordResponses(ctx.app);
    await ctx.app.ready();
  });
  afterAll(async () => {
    // The file's responses all match the API description (server/src/test/openapi-responses.ts).
    const problems = checkResponses?.() ?? [];
    await ctx.app?.close();
    await ctx.database?.close();
    if (problems.length)
      throw new Error(`Responses the OpenAPI document does not describe:\n${problems.join('\n')}`);
  });
  return ctx;
}
