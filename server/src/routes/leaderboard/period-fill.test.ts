import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// A period nobody asked for yet is registered at once and filled in batches while saves go on
// (docs/decisions/0066-periods-without-blocking.md).
// The background fill is off here: the test runs the batches itself, with saves between them.
const t = useTestApp({ periodFillBatch: 0 });

type Row = Record<string, unknown>;
const rows = <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(t.app.db, query);

/**
 * 'saved' once the save is done, or 'blocked' as soon as a connection to this database waits for
 * a lock: whether the save was held up, not how long it took (a slow machine is not a blocked one).
 */
async function savedOrBlocked(saving: Promise<unknown>): Promise<'saved' | 'blocked'> {
  let done = false;
  const saved = saving.then(() => 'saved' as const).finally(() => (done = true));
  const blocked = (async () => {
    while (!done) {
      const [waiting] = await rows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (waiting!.n > 0) return 'blocked' as const;
      await new Promise((r) => setTimeout(r, 20));
    }
    return 'saved' as const;
  })();
  return Promise.race([saved, blocked]);
}

const NOW = '2026-06-17T15:00:00Z';
const TZ = 'Asia/Kathmandu';

async function board(period = 'month', tz = TZ): Promise<LeaderboardEntry[]> {
  const res = await t.app.inject({
    url: `/api/leaderboard/${period}?tz=${encodeURIComponent(tz)}&limit=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function save(
  u: MadeUser,
  pushups: number,
  createdAt = new Date(t.clock.now.getTime() - 60_000),
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: { ...u.headers, 'idempotency-key': crypto.randomUUID() },
    payload: { pushups, createdAt: createdAt.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

/** The period's summary rows, and the same computed from scratch from workouts. */
async function summariesAndScratch(pid: number) {
  const order = sql`order by user_id`;
  const kept = await rows(
    sql`select user_id, workout_id, score, age, gender, username, profile_picture, verified from leaderboard_bests where period_id = ${pid} ${order}`,
  );
  const scratch = await rows(
    sql`select user_id, workout_id, score, age, gender, username, profile_picture, verified from lb_best_workouts(null, array[${pid}::int]) ${order}`,
  );
  const counts = await rows(
    sql`select score, users from leaderboard_counts where period_id = ${pid} and users > 0 order by score`,
  );
  const scratchCounts = await rows(
    sql`select score, count(*)::int as users from lb_best_workouts(null, array[${pid}::int]) group by score order by score`,
  );
  const num = (list: Row[]) =>
    list.map((r) => ({ score: Number(r.score), users: Number(r.users) }));
  return { kept, scratch, counts: num(counts), scratchCounts: num(scratchCounts) };
}

async function periodState() {
  return rows<{ id: number; fill_cursor: number | null }>(
    sql`select id, fill_cursor from leaderboard_periods where ends_at <> 'infinity' order by id desc limit 1`,
  );
}

describe('a new period (docs/decisions/0066-periods-without-blocking.md)', () => {
  it('is read from workouts while it fills in batches, saves land between batches, and the result equals a from-scratch build', async () => {
    t.clock.set(NOW);
    const members: MadeUser[] = [];
    for (let i = 0; i < 24; i++)
      members.push(await createUser(t.app, { username: `fill${i}`, age: 20 + i }));
    const hidden = await createUser(t.app, { username: 'fillhidden', isPrivate: true });
    for (const [i, u] of members.entries()) {
      await createWorkout(t.app, u.id, {
        pushups: 10 + ((i * 7) % 40),
        createdAt: new Date('2026-06-10T08:00:00Z'),
      });
      await createWorkout(t.app, u.id, {
        pushups: 5 + i,
        createdAt: new Date('2026-06-12T08:00:00Z'),
      });
    }
    await createWorkout(t.app, hidden.id, {
      pushups: 200,
      createdAt: new Date('2026-06-10T08:00:00Z'),
    });

    // The first read registers the month in this zone and answers from workouts at once.
    const first = await board();
    const [period] = await periodState();
    expect(period!.fill_cursor).not.toBeNull();
    expect(first.map((e) => e.username)).not.toContain('fillhidden');
    expect(first).toHaveLength(24);

    // One batch of 4 users at a time, with saves (a new best, a lower set, a best deleted) in between.
    const pid = period!.id;
    let steps = 0;
    for (;;) {
      const [step] = await rows<{ done: boolean }>(
        sql`select lb_fill_period(${pid}::int, 4) as done`,
      );
      if (step!.done) break;
      steps += 1;
      const u = members[steps % members.length]!;
      if (steps % 3 === 0) await save(u, 150 + steps);
      else if (steps % 3 === 1) await save(u, 1);
      else {
        const [best] = await rows<{ id: number }>(
          sql`select id from workouts where user_id = ${u.id} order by score desc limit 1`,
        );
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/workouts/${best!.id}`,
          headers: u.headers,
        });
        expect(del.statusCode).toBe(204);
      }
      // While it fills, the board is the from-scratch one, and so is a member's own rank.
      if (steps === 4) {
        const scratch = await boardFromScratch(pid);
        expect(await board()).toEqual(scratch);
        for (const m of [members[3]!, members[17]!]) {
          const mine = await t.app.inject({
            url: `/api/leaderboard/month/me?tz=${encodeURIComponent(TZ)}`,
            headers: m.headers,
          });
          expect(mine.statusCode).toBe(200);
          expect(mine.json<{ rank: number } | null>()?.rank).toBe(
            scratch.find((e) => e.username === m.username)!.rank,
          );
        }
      }
    }
    expect(steps).toBeGreaterThan(6);
    expect((await periodState())[0]!.fill_cursor).toBeNull();

    const s = await summariesAndScratch(pid);
    expect(s.kept).toEqual(s.scratch);
    expect(s.counts).toEqual(s.scratchCounts);
    expect(await board()).toEqual(await boardFromScratch(pid));
    const me = await t.app.inject({
      url: `/api/leaderboard/month/me?tz=${TZ}`,
      headers: members[3]!.headers,
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers its first reads from a prefix of its best sets, grown until the filters have their entries', async () => {
    // docs/decisions/0073-first-board-of-a-period.md: the same boards before and after the fill.
    t.clock.set('2026-09-17T15:00:00Z');
    const zone = 'Pacific/Chatham';
    // 150 members: the best are men aged 20-59 (pushups 300 down), two women at the very bottom,
    // a private member above everyone, one who hides age and gender, and ties every third place.
    await rows(sql`
      insert into users (username, email, password_hash, age, gender, is_private, show_age_gender, created_at)
      select 'prefix' || g, 'prefix' || g || '@example.com', 'x', 20 + g % 40,
        case when g > 148 then 'female' else 'male' end, g = 1, g <> 2, '2026-01-01T00:00:00Z'
      from generate_series(1, 150) g`);
    await rows(sql`
      insert into workouts (user_id, score, created_at)
      select u.id, greatest(1, 300 - (n.g / 3) * 3 - k), '2026-09-05T08:00:00Z'::timestamptz + k * interval '1 hour'
      from users u
      join lateral (select substring(u.username from 7)::int as g) n on true
      cross join generate_series(0, 1) k
      where u.username ~ '^prefix[0-9]+$'`);
    const urls = [
      'limit=1&gender=female',
      'limit=3&gender=female&ageGroup=40-49',
      'limit=100',
      'limit=7&ageGroup=40-49',
      'limit=20&ageGroup=60-plus',
    ].map((q) => `/api/leaderboard/month?tz=${encodeURIComponent(zone)}&${q}`);
    const read = async () =>
      Promise.all(
        urls.map(async (url) => {
          const res = await t.app.inject({ url });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<LeaderboardEntry[]>();
        }),
      );
    const before = await read();
    const [period] = await periodState();
    expect(period!.fill_cursor).not.toBeNull();
    // The women's board needed a longer prefix (their sets come after 290 others); 145 public
    // members have more push-ups than the first of them (prefix147-149 tie at 153).
    expect(before[0]!.map((e) => [e.username, e.rank])).toEqual([['prefix149', 146]]);
    expect(before[1]!.map((e) => [e.username, e.rank])).toEqual([['prefix149', 146]]);
    expect(before[2]!.map((e) => e.username)).not.toContain('prefix1');
    expect(before[2]![0]).toMatchObject({ username: 'prefix2', rank: 1, age: null, gender: null });
    expect(before[4]).toEqual([]);
    while (
      !(
        await rows<{ done: boolean }>(sql`select lb_fill_period(${period!.id}::int, 500) as done`)
      )[0]!.done
    );
    expect((await periodState())[0]!.fill_cursor).toBeNull();
    expect(await read()).toEqual(before);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'PostgreSQL: a save is not blocked while another connection registers and fills a period',
    async () => {
      t.clock.set(NOW);
      const u = await createUser(t.app, { username: 'notblocked' });
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('begin');
        // Registering a new day in a zone, and its first batch, held open in a transaction.
        const { rows: reg } = await other.query<{ id: number }>(
          `select lb_period('pushup-90', '2026-06-16T18:15:00Z', '2026-06-17T18:15:00Z') as id`,
        );
        await other.query(`select lb_fill_period($1, 1000)`, [reg[0]!.id]);
        expect(await savedOrBlocked(save(u, 42))).toBe('saved');
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    },
  );

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'PostgreSQL: a save into a registered period is not blocked by a fill batch in progress (no deadlock)',
    async () => {
      t.clock.set(NOW);
      const u = await createUser(t.app, { username: 'fillrace' });
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        // A period registered and committed (another zone's day), then a fill step held open: the
        // step locks the period's row. A save's set for that period checks the row's key (the
        // foreign key of leaderboard_bests): that check must not wait for the fill, which may
        // itself be waiting for the save's set (a deadlock PostgreSQL would break by failing one).
        const { rows: reg } = await other.query<{ id: number }>(
          `select lb_period('pushup-90', '2026-06-16T18:00:00Z', '2026-06-17T18:00:00Z') as id`,
        );
        await other.query('begin');
        await other.query(`select lb_fill_period($1, 1000)`, [reg[0]!.id]);
        expect(await savedOrBlocked(save(u, 43))).toBe('saved');
        await other.query('commit');
        const kept = await rows<{ n: number }>(
          sql`select count(*)::int as n from leaderboard_bests where period_id = ${reg[0]!.id} and user_id = ${u.id}`,
        );
        expect(kept[0]!.n).toBe(1);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    },
  );
});

/** The board as lb_board shows it, computed here from lb_best_workouts with the rank rule inline. */
async function boardFromScratch(pid: number): Promise<LeaderboardEntry[]> {
  const list = await rows<Row>(sql`
    select b.workout_id as id, u.username, (rank() over (order by b.score desc))::int as rank, b.score, b.score as pushups,
      to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      b.age, b.gender, u.profile_picture as "profilePicture", w.verified, w.tier
    from lb_best_workouts(null, array[${pid}::int]) b
    join users u on u.id = b.user_id join workouts w on w.id = b.workout_id
    order by b.score desc, b.received_at, b.workout_id limit 100`);
  return list.map((r) => ({ ...r, rank: Number(r.rank) }) as unknown as LeaderboardEntry);
}
