import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';

// The route bench's data: members of every age and gender (some without), push-up sets over the
// last year, the boards rebuilt once, sessions for the first members (their cookies), who follow
// members, kudos and comments on some sets, and notifications for the members with a session.

export async function seedRoutes(
  db: Db,
  { USERS, WORKOUTS, SESSIONS }: { USERS: number; WORKOUTS: number; SESSIONS: number },
) {
  const t0 = performance.now();
  const now = new Date().toISOString();
  await db.execute(sql`
    insert into users (username, email, password_hash, age, gender, created_at)
    select 'bench_' || g, 'bench_' || g || '@example.com', 'not-a-real-hash',
      case when g % 10 = 0 then null else 14 + (hashint4(g) & 2147483647) % 61 end,
      case g % 10 when 1 then null when 2 then 'prefer-not-to-say'
        else case when g % 2 = 0 then 'female' else 'male' end end,
      ${now}::timestamptz - interval '400 days'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`alter table workouts disable trigger lb_workouts_insert`);
  // The seeded history tells nobody (nobody follows anyone yet): no fan-out jobs for it.
  await db.execute(sql`alter table workouts disable trigger nfo_workouts_insert`);
  for (let from = 1; from <= WORKOUTS; from += 100_000) {
    const to = Math.min(WORKOUTS, from + 99_999);
    await db.execute(sql`
      insert into workouts (user_id, score, created_at)
      select u, greatest(1, least(300, round(12 + (hashint4(u) & 2147483647) % 60
               + 10 * (random() + random() + random() - 1.5))))::int,
             ${now}::timestamptz - interval '1 minute' - random() * interval '365 days'
      from (select 1 + (hashint4(g) & 2147483647) % ${USERS} as u
            from generate_series(${from}::int, ${to}::int) g) s`);
  }
  await db.execute(sql`alter table workouts enable trigger lb_workouts_insert`);
  await db.execute(sql`alter table workouts enable trigger nfo_workouts_insert`);
  await db.execute(sql`select lb_rebuild()`);
  // Sessions for the first users: cookies for /api/user and the saves.
  const cookies: string[] = [];
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let i = 1; i <= SESSIONS; i++) {
    const token = randomBytes(32).toString('base64url');
    cookies.push(`fitbench_session=${token}`);
    const id = createHash('sha256').update(token).digest('hex');
    await db.execute(sql`
      insert into sessions (id, user_id, expires_at, last_seen_at)
      values (${id}, ${i}, ${expires}::timestamptz, now())`);
  }
  // The feed's readers (the members with a session) follow 100 members each; some of the sets
  // they read have kudos and comments (docs/decisions/0249-the-feed.md).
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select s, f from (select s, 1 + (hashint4(s * 1000 + k) & 2147483647) % ${USERS} as f
      from generate_series(1, ${SESSIONS}) s, generate_series(1, 100) k) x
    where f <> s
    on conflict do nothing`);
  await db.execute(sql`
    insert into set_kudos (workout_id, user_id)
    select w.id, 1 + (hashint4(w.id) & 2147483647) % ${USERS}
    from workouts w where w.id % 50 = 0 on conflict do nothing`);
  await db.execute(sql`
    insert into set_comments (workout_id, author_id, body)
    select w.id, 1 + (hashint4(w.id + 7) & 2147483647) % ${USERS}, 'Strong set!'
    from workouts w where w.id % 200 = 0`);
  // The bell's count: 50 notifications for each reader, the 20 newest unread, from 50 actors.
  await db.execute(sql`
    insert into notifications (recipient_id, kind, actor_id, key, created_at, read_at)
    select s, 'followed', ${SESSIONS} + k, 'followed:seed:' || k, now() - k * interval '1 minute',
      case when k > 20 then now() end
    from generate_series(1, ${SESSIONS}) s, generate_series(1, 50) k`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  seeded ${USERS.toLocaleString()} users, ${WORKOUTS.toLocaleString()} workouts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return cookies;
}
