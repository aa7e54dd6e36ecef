import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@common/constants';
import { buildApp } from '../../app';
import { isDatabaseUnavailable, PG_TIMEOUTS, rowsOf, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { env } from '../../env';
import { useTestApp } from '../../test/app';

const t = useTestApp();
// These do not depend on the test database's kind: run them once, in the PGlite project.
const oncePerRun = env.TEST_DB_KIND === 'postgres' ? it.skip : it;

describe('GET /api/health and /api/ready', () => {
  it('both answer 200 on a migrated database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while the process is stopping (liveness still answers)', async () => {
    t.app.lifecycle.stopping = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', message: 'shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.stopping = false;
    }
  });

  it('answers 503 when the stop began while it was asking the database', async () => {
    // The first look says running, every later one stopping: the signal came during the check.
    let looks = 0;
    Object.defineProperty(t.app.lifecycle, 'stopping', {
      configurable: true,
      get: () => looks++ > 0,
      set: () => undefined,
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(looks).toBeGreaterThanOrEqual(2);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', message: 'shutting down' });
    } finally {
      Object.defineProperty(t.app.lifecycle, 'stopping', {
        configurable: true,
        writable: true,
        value: false,
      });
    }
  });

  it('is not ready while migrations are missing (liveness still answers)', async () => {
    const db = t.app.db;
    const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const row = (
      await rowsOf<{ hash: string; created_at: number }>(
        db,
        sql`select hash, created_at from drizzle.__drizzle_migrations where created_at = ${latest}`,
      )
    )[0]!;
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${row.created_at}`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        message: 'Database migrations are not all applied.',
      });
      await db.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
      const none = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(none.json()).toEqual({
        status: 'not ready',
        message: 'Database migrations are not applied.',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`alter table if exists drizzle.moved_away rename to __drizzle_migrations`,
      );
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('a database that cannot be reached', () => {
  // Nothing listens on port 1: every connection is refused at once.
  const pool = new pg.Pool({
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
    ...PG_TIMEOUTS,
  });
  pool.on('error', () => undefined);
  afterAll(() => pool.end());

  oncePerRun(
    'answers 503 with a JSON message and Retry-After, quickly, and readiness says why',
    async () => {
      const app = await buildApp({ db: drizzlePg(pool, { schema }) as unknown as Db });
      try {
        const started = Date.now();
        const user = await app.inject({
          method: 'GET',
          url: '/api/user',
          cookies: { [SESSION_COOKIE]: 'x'.repeat(43) },
        });
        expect(user.statusCode).toBe(503);
        expect(user.headers['retry-after']).toBe('5');
        expect(user.json()).toEqual({
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
        });
        const board = await app.inject({ method: 'GET', url: '/api/leaderboard/week' });
        expect(board.statusCode).toBe(503);
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: 'not ready',
          message: 'The database does not answer.',
        });
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await app.close();
      }
    },
  );

  oncePerRun('tells connection failures from other errors, through wrapping causes', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
