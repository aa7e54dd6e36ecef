import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import { pgliteRunner, pgRunner, rowsOf, type Database } from './client';
import { applySqlSources, readSqlSources, type SqlRunner } from './sql-sources';

let database: Database;
let runner: SqlRunner;
let pgClient: pg.Client | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  if (database.pglite) {
    runner = pgliteRunner(database.pglite);
  } else {
    pgClient = new pg.Client({ connectionString: database.url });
    await pgClient.connect();
    runner = pgRunner(pgClient);
  }
});
afterAll(async () => {
  await pgClient?.end();
  await database?.close();
});

/** Counts what the runner is asked to do. */
function counting(inner: SqlRunner) {
  const calls = { query: 0, script: 0 };
  const wrap = (r: SqlRunner): SqlRunner => ({
    query: (text, params) => {
      calls.query += 1;
      return r.query(text, params);
    },
    script: (text) => {
      calls.script += 1;
      return r.script(text);
    },
    transaction: (fn) => r.transaction((tx) => fn(wrap(tx))),
  });
  return { runner: wrap(inner), calls };
}

const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(database.db, q);

describe('SQL source files', () => {
  it('are applied with the migrations and their hash recorded', async () => {
    const recorded = await rows<{ name: string; sha256: string }>(
      sql`select name, sha256 from sql_sources`,
    );
    expect(recorded).toEqual(readSqlSources().map((s) => ({ name: s.name, sha256: s.sha256 })));
  });

  it('cost one query when unchanged', async () => {
    const { runner: r, calls } = counting(runner);
    expect(await applySqlSources(r)).toEqual([]);
    expect(calls).toEqual({ query: 1, script: 0 });
  });

  it('replace what an older database defined, and keep the boards working', async () => {
    // A database from before the file: the change-notice function under its old name, and a
    // leaderboard function the file no longer defines.
    await database.db.execute(sql`
      create function fitbench_notify_board() returns trigger language plpgsql as $$
      begin perform pg_notify('fitbench_board', ''); return null; end $$`);
    await database.db.execute(sql`
      create trigger fitbench_workouts_notify_board after insert on workouts
      for each statement execute function fitbench_notify_board()`);
    await database.db.execute(sql`
      create function lb_best_in(p_user integer) returns integer language sql as $$ select 1 $$`);
    await database.db.execute(
      sql`update sql_sources set sha256 = 'old' where name = 'leaderboard.sql'`,
    );

    const { runner: r, calls } = counting(runner);
    expect(await applySqlSources(r)).toEqual(['leaderboard.sql']);
    expect(calls.script).toBe(1);

    const gone = await rows<{ n: number }>(sql`
      select count(*)::int as n from pg_proc where proname in ('fitbench_notify_board', 'lb_best_in')`);
    expect(gone[0]!.n).toBe(0);
    const triggers = await rows<{ tgname: string }>(sql`
      select tgname from pg_trigger where tgrelid = 'workouts'::regclass and not tgisinternal order by 1`);
    expect(triggers.map((t) => t.tgname)).toEqual([
      'lb_workouts_delete',
      'lb_workouts_insert',
      'lb_workouts_notify_delete',
      'lb_workouts_notify_insert',
      'lb_workouts_notify_truncate',
      'lb_workouts_notify_update_new',
      'lb_workouts_notify_update_old',
      'lb_workouts_truncate',
      'lb_workouts_update',
      // notification-jobs.sql's: the fan-out job's rows, after lb_* and before st_*.
      'nfo_workouts_insert',
      // standing.sql's: where each member stands, kept as sets change.
      'st_workouts_delete',
      'st_workouts_insert',
      'st_workouts_truncate',
      'st_workouts_update',
      // top10.sql's: the Verified boards' top 10, read from the sets themselves.
      't10_workouts_delete',
      't10_workouts_insert',
      't10_workouts_update',
      // badges.sql's, applied with the others at the database's start (it fires after lb_*).
      'workouts_badges_insert',
      'workouts_badges_update',
    ]);
    const recorded = await rows<{ sha256: string }>(
      sql`select sha256 from sql_sources where name = 'leaderboard.sql'`,
    );
    expect(recorded[0]!.sha256).toBe(readSqlSources()[0]!.sha256);

    // The triggers work: a save shows on the all-time board.
    const [user] = await rows<{ id: number }>(sql`
      insert into users (username, email, password_hash) values ('src', 'src@example.com', 'x') returning id`);
    await database.db.execute(sql`insert into workouts (user_id, score) values (${user!.id}, 42)`);
    const board = await rows<{ score: number }>(sql`
      select score from lb_board('pushup-90', '-infinity', 'infinity', 10, null, null, null)`);
    expect(board.map((b) => b.score)).toEqual([42]);
  });

  it('roll back as a whole when a file fails', async () => {
    const broken = [
      {
        name: 'leaderboard.sql',
        text: 'drop function lb_board cascade; select nonsense(',
        sha256: 'x',
      },
    ];
    await expect(applySqlSources(runner, broken)).rejects.toThrow();
    const still = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_proc where proname = 'lb_board'`,
    );
    expect(still[0]!.n).toBe(1);
    const recorded = await rows<{ sha256: string }>(
      sql`select sha256 from sql_sources where name = 'leaderboard.sql'`,
    );
    expect(recorded[0]!.sha256).toBe(readSqlSources()[0]!.sha256);
  });
});
