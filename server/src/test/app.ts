import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppConfig, type AppDeps } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase } from './db';
import { recordResponses } from './openapi-responses';

export interface TestContext {
  app: App;
  database: Database;
  clock: { now: Date; set(iso: string | Date): void; advance(ms: number): void };
}

/**
 * One app and database per test file. The clock is real unless a test sets it.
 * Usage: `const t = useTestApp();` then `t.app.inject(...)` inside tests.
 */
export function useTestApp(
  config: Partial<AppConfig> = {},
  deps: Pick<AppDeps, 'boardCache'> = {},
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
    // Suites save far more than a member may in an hour; the save-limit tests set their own.
    ctx.app = await buildApp({ db: ctx.database.db, config: { saveMax: 10_000, ...config }, now: () => ctx.clock.now, ...deps });
    checkResponses = recordResponses(ctx.app);
    await ctx.app.ready();
  });
  afterAll(async () => {
    // The file's responses all match the API description (server/src/test/openapi-responses.ts).
    const problems = checkResponses?.() ?? [];
    await ctx.app?.close();
    await ctx.database?.close();
    if (problems.length) throw new Error(`Responses the OpenAPI document does not describe:\n${problems.join('\n')}`);
  });
  return ctx;
}
