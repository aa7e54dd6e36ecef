import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../server/src/db/client';

// The scale bench's data (bench/scale.ts), on PostgreSQL, made by generate_series in the
// database: members of every age, gender and zone, sets over two years across the five
// challenges, clubs of every size and a follow graph with a long tail. It is kept between runs:
// a table `bench_scale` records what was seeded, and the same sizes are not seeded again.

export interface ScaleSize {
  members: number;
  sets: number;
  clubs: number;
  /** Follows per member, on average. */
  follows: number;
}

/** Members with a session (their cookies sign the load in); members 1..SESSIONS. */
export const SESSIONS = 500;

const ZONES = [
  'UTC',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
];

const step = async (client: pg.Client, label: string, text: string) => {
  const t0 = performance.now();
  await client.query(text);
  console.log(`    ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

/** The database `name` on the server of `adminUrl`, created and migrated if it is not there. */
export async function scaleDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  // Opening runs the migrations and the SQL sources, as the server's start does.
  const db = await openPostgres(u.toString(), { max: 1 });
  await db.close();
  return u.toString();
}

/** Seeds `url` to `size` unless it already holds exactly that; the session cookies either way. */
export async function seedScale(url: string, size: ScaleSize): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'create table if not exists bench_scale (members int, sets int, clubs int, follows int, seeded_at timestamptz)',
    );
    const { rows } = await client.query<ScaleSize>(
      'select members, sets, clubs, follows from bench_scale',
    );
    const same =
      rows.length === 1 &&
      rows[0]!.members === size.members &&
      rows[0]!.sets === size.sets &&
      rows[0]!.clubs === size.clubs &&
      rows[0]!.follows === size.follows;
    if (same) console.log('  the data of an earlier run is kept: not seeded again');
    else await seed(client, size);
    return await sessions(client);
  } finally {
    await client.end();
  }
}

async function seed(client: pg.Client, { members, sets, clubs, follows }: ScaleSize) {
  const t0 = performance.now();
  console.log(
    `  seeding ${members.toLocaleString()} members, ${sets.toLocaleString()} sets, ${clubs.toLocaleString()} clubs`,
  );
  await step(
    client,
    'empty',
    `truncate users, workouts, clubs, follows, bench_scale restart identity cascade`,
  );
  const zones = `(array[${ZONES.map((z) => `'${z}'`).join(',')}])`;
  await step(
    client,
    'members',
    `insert into users (username, email, password_hash, age, gender, is_private, time_zone, created_at)
     select 'bench_' || g, 'bench_' || g || '@example.com', 'not-a-real-hash',
       case when g % 10 = 0 then null else 14 + (hashint4(g) & 2147483647) % 61 end,
       case g % 10 when 1 then null when 2 then 'prefer-not-to-say'
         else case when g % 2 = 0 then 'female' else 'male' end end,
       g % 50 = 7, ${zones}[1 + (hashint4(g + 1) & 2147483647) % ${ZONES.length}],
       now() - interval '800 days'
     from generate_series(1, ${members}) g`,
  );
  // Every trigger off while the sets load; the summaries are rebuilt after (the bulk-load path).
  await client.query('alter table workouts disable trigger user');
  const BATCH = 1_000_000;
  for (let from = 1; from <= sets; from += BATCH) {
    const to = Math.min(sets, from + BATCH - 1);
    // Half push-ups, then burpees, the plank, Nickels and Dimes and the MFM Challenge (finishes,
    // fewer seconds better); a member's level is their own; 3 % recounted.
    await step(
      client,
      `sets ${from.toLocaleString()}-${to.toLocaleString()}`,
      `insert into workouts (user_id, challenge, score, lower_is_better, created_at, received_at, verified, tier)
       select u, c,
         case c
           when 'pushup-90' then greatest(1, least(300, 12 + lvl % 60 + (10 * noise)::int))
           when 'burpees-or-bust' then greatest(1, least(150, 8 + lvl % 40 + (6 * noise)::int))
           when 'plank-drop' then greatest(1, least(36000, 30 + lvl % 240 + (30 * noise)::int))
           when 'nickels-dimes' then greatest(1, least(900, 20 + lvl % 120 + (15 * noise)::int))
           else greatest(1, least(399, 200 + lvl % 150 + (20 * noise)::int)) end,
         c = 'mfm-challenge', at, at, g % 33 = 0, case when g % 33 = 0 then 'recounted' else 'entered' end
       from (
         select g, u, (hashint4(u + 7) & 2147483647) as lvl,
           random() + random() + random() - 1.5 as noise,
           now() - interval '1 minute' - random() * interval '730 days' as at,
           case when k < 50 then 'pushup-90' when k < 70 then 'burpees-or-bust'
             when k < 85 then 'plank-drop' when k < 95 then 'nickels-dimes'
             else 'mfm-challenge' end as c
         from (select g, 1 + (hashint4(g) & 2147483647) % ${members} as u,
                 (hashint4(g + 3) & 2147483647) % 100 as k
               from generate_series(${from}::int, ${to}::int) g) s) x`,
    );
  }
  await client.query('alter table workouts enable trigger user');
  await step(client, 'boards (lb_rebuild)', 'select lb_rebuild()');
  await step(client, 'where you stand', STANDING_REBUILD);
  // Clubs of every size: club n's members follow a long tail (club 1 the largest); members 1..SESSIONS
  // are in club 1, its first one its admin.
  await step(
    client,
    'clubs',
    `insert into clubs (slug, name, visibility, invite_code_hash, created_by)
     select 'club-' || g, 'Club ' || g, 'public', md5(g::text), 1 + (g * 7919) % ${members}
     from generate_series(1, ${clubs}) g`,
  );
  await step(
    client,
    'club members',
    `insert into club_members (club_id, user_id, role)
     select case when g <= ${SESSIONS} then 1 else 1 + floor(${clubs} * power(random(), 2))::int end,
       g, case when g = 1 then 'admin' else 'member' end
     from generate_series(1, ${members}) g where g % 3 = 0 or g <= ${SESSIONS}
     on conflict do nothing`,
  );
  // A long tail: followee = members x random()^4, so member 1 is followed by about 3 % of all
  // follows (over 100k at 1M members and 5 follows each).
  await step(
    client,
    'follows',
    `insert into follows (follower_id, followee_id)
     select f, e from (
       select 1 + (g % ${members}) as f, 1 + floor(${members} * power(random(), 4))::int as e
       from generate_series(1, ${members * follows}) g) s
     where f <> e on conflict do nothing`,
  );
  await step(client, 'vacuum analyze', 'vacuum analyze');
  await client.query('insert into bench_scale values ($1, $2, $3, $4, now())', [
    members,
    sets,
    clubs,
    follows,
  ]);
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

// As migration 0027 fills where-you-stand's summaries from the sets.
const STANDING_REBUILD = `
  truncate standing_bests, standing_counts;
  alter table standing_bests disable trigger user;
  insert into standing_bests (user_id, challenge, verified, rank_value, score, capped, band, gender)
  select distinct on (w.user_id, w.challenge, v.verified) w.user_id, w.challenge, v.verified,
    w.rank_value, w.score, w.capped, st_band(u.age), st_gender(u.gender)
  from workouts w join users u on u.id = w.user_id and u.suspended_at is null
  cross join (values (false), (true)) v(verified)
  where (w.verified or not v.verified)
  order by w.user_id, w.challenge, v.verified, w.rank_value desc;
  alter table standing_bests enable trigger user;
  insert into standing_counts (challenge, verified, band, gender, rank_value, members)
  select challenge, verified, band, gender, rank_value, count(*)::int
  from standing_bests group by challenge, verified, band, gender, rank_value;`;

/** Fresh sessions for members 1..SESSIONS: their cookies. */
async function sessions(client: pg.Client): Promise<string[]> {
  await client.query('delete from sessions where user_id <= $1', [SESSIONS]);
  const cookies: string[] = [];
  for (let i = 1; i <= SESSIONS; i++) {
    const token = randomBytes(32).toString('base64url');
    cookies.push(`fitbench_session=${token}`);
    const id = createHash('sha256').update(token).digest('hex');
    await client.query(
      `insert into sessions (id, user_id, expires_at, last_seen_at)
       values ($1, $2, now() + interval '30 days', now())`,
      [id, i],
    );
  }
  return cookies;
}
