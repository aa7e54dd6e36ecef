import { sql } from 'drizzle-orm';
import { findEntry, openChallenges, rankValue, type Challenge } from '@common/challenges';
import {
  CLUB_CHALLENGE_BOARD_MAX,
  CLUB_CHALLENGE_START_AHEAD_DAYS,
  CLUB_CHALLENGE_START_BACK_DAYS,
  CLUB_CHALLENGES_OPEN_MAX,
  clubChallengeDayErrors,
  daysBetween,
  targetRangeOf,
  type ClubChallenge,
  type ClubChallengeDetail,
  type ClubChallengeEntry,
  type ClubChallengeList,
  type CreateClubChallenge,
} from '@common/schemas/club-challenges';
import { rowsOf, type Db } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { statusOf, todayIn, windowIn } from './club-challenge-windows';
import { clubCardKey, clubForCard, visibleClub } from './clubs.service';

// Club challenges (docs/decisions/0258-club-challenges.md). Who sees what follows the club
// (./clubs.service.ts): whoever may see the club sees its challenges; its board ranks the club's
// members of now (a late joiner's sets in the window count, a member who left is off it), a
// private member for the club's own members only, a suspended member and a hidden set for nobody.

interface Row {
  id: number;
  challenge: string;
  start_date: string | Date;
  end_date: string | Date;
  target: number | null;
  created_by: string | null;
  created_at: Date | string;
}

export const NO_CLUB_CHALLENGE = 'No such challenge in this club.';
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
// node-postgres reads a date column as a local Date; PGlite as text: both become YYYY-MM-DD.
const day = (v: string | Date) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : v.slice(0, 10);

async function zoneOf(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await rowsOf<{ time_zone: string | null }>(
    db,
    sql`select time_zone from users where id = ${userId}`,
  );
  return row?.time_zone ?? null;
}

function view(row: Row, zone: string | null, now: Date): ClubChallenge {
  const c = { startDate: day(row.start_date), endDate: day(row.end_date) };
  const { status, window, resultsAt } = statusOf(c, zone, now);
  return {
    id: row.id,
    challenge: row.challenge,
    ...c,
    target: row.target,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    status,
    startsAt: window.start.toISOString(),
    endsAt: window.end.toISOString(),
    resultsAt: resultsAt.toISOString(),
  };
}

const selectRows = (where: ReturnType<typeof sql>) =>
  sql`select cc.id, cc.challenge, cc.start_date::text as start_date, cc.end_date::text as end_date,
      cc.target, u.username as created_by, cc.created_at
    from club_challenges cc left join users u on u.id = cc.created_by
    where ${where}`;

const adminOnly = () => new HttpError(403, "Only the club's admins can do that.");

/** Sets a challenge for the club (its admins only). */
export async function createClubChallenge(
  db: Db,
  slug: string,
  userId: number,
  input: CreateClubChallenge,
  catalogue: readonly Challenge[],
  now: Date,
): Promise<ClubChallenge> {
  const club = await visibleClub(db, slug, userId);
  if (club.my_role !== 'admin') throw adminOnly();
  const field = (name: string, message: string) => badRequest(message, { [name]: [message] });
  const dayErrors = Object.entries(clubChallengeDayErrors(input));
  if (dayErrors.length > 0)
    throw badRequest(dayErrors[0]![1], Object.fromEntries(dayErrors.map(([k, m]) => [k, [m]])));
  const entry = findEntry(input.challenge, openChallenges(catalogue));
  if (!entry) throw field('challenge', 'Choose one of the open challenges.');
  const zone = await zoneOf(db, userId);
  // "Today" is the creating admin's: the bounds are on the days they chose.
  const today = todayIn(zone, now);
  const back = daysBetween(input.startDate, today);
  if (back > CLUB_CHALLENGE_START_BACK_DAYS)
    throw field(
      'startDate',
      `The start date may be at most ${CLUB_CHALLENGE_START_BACK_DAYS} days back (sets can be logged that far back).`,
    );
  if (-back > CLUB_CHALLENGE_START_AHEAD_DAYS)
    throw field(
      'startDate',
      `The start date may be at most ${CLUB_CHALLENGE_START_AHEAD_DAYS} days ahead.`,
    );
  const target = input.target ?? null;
  if (target !== null) {
    const range = targetRangeOf(entry.scoring);
    if (target < range.min || target > range.max)
      throw field(
        'target',
        `The target must be from ${range.min} to ${range.max} ${range.unit} for ${entry.title}.`,
      );
  }
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The club's row is the lock that counts its open challenges one creation at a time.
    await rowsOf(t, sql`select id from clubs where id = ${club.id} for update`);
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number | string }>(
      t,
      sql`select count(*) as n from club_challenges
        where club_id = ${club.id} and end_date >= ${today}::date - 1`,
    );
    if (Number(n) >= CLUB_CHALLENGES_OPEN_MAX)
      throw conflict(
        `This club has ${CLUB_CHALLENGES_OPEN_MAX} challenges not yet ended, the most it can have. Delete one or wait for one to end.`,
      );
    const [row] = await rowsOf<{ id: number }>(
      t,
      sql`insert into club_challenges (club_id, challenge, start_date, end_date, target, created_by, created_at)
        values (${club.id}, ${entry.id}, ${input.startDate}::date, ${input.endDate}::date, ${target}, ${userId}, ${now.toISOString()}::timestamptz)
        returning id`,
    );
    return row!.id;
  });
  const [row] = await rowsOf<Row>(db, selectRows(sql`cc.id = ${id}`));
  return view(row!, zone, now);
}

/** The club's challenges: current and upcoming ones, and the latest 20 ended. */
export async function listClubChallenges(
  db: Db,
  slug: string,
  viewerId: number | null,
  now: Date,
): Promise<ClubChallengeList> {
  const club = await visibleClub(db, slug, viewerId);
  const zone = await zoneOf(db, viewerId);
  const rows = await rowsOf<Row>(
    db,
    sql`${selectRows(sql`cc.club_id = ${club.id}`)} order by cc.end_date desc, cc.start_date desc, cc.id desc limit 40`,
  );
  const all = rows.map((r) => view(r, zone, now));
  const soonest = (a: ClubChallenge, b: ClubChallenge) =>
    a.startDate.localeCompare(b.startDate) || a.id - b.id;
  return {
    current: all.filter((c) => c.status === 'current').sort(soonest),
    upcoming: all.filter((c) => c.status === 'upcoming').sort(soonest),
    ended: all.filter((c) => c.status === 'ended').slice(0, 20),
  };
}

async function challengeOf(db: Db, clubId: number, id: number): Promise<Row> {
  const [row] = await rowsOf<Row>(db, selectRows(sql`cc.id = ${id} and cc.club_id = ${clubId}`));
  if (!row) throw notFound(NO_CLUB_CHALLENGE);
  return row;
}

export async function deleteClubChallenge(db: Db, slug: string, userId: number, id: number) {
  const club = await visibleClub(db, slug, userId);
  if (club.my_role !== 'admin') throw adminOnly();
  await challengeOf(db, club.id, id);
  await db.execute(sql`delete from club_challenges where id = ${id} and club_id = ${club.id}`);
}

interface BoardRow {
  user_id: number;
  username: string;
  profile_picture: string | null;
  score: number;
  capped: boolean;
  created_at: Date | string;
  rank_value: number;
  rank: number | string;
}

/**
 * The board: each member's best set (the boards' rule, for every kind of challenge) done in their
 * own window, ranked by rank value (ties share a rank, earlier received first). `inside`: the
 * viewer is in the club, so private members are on it.
 */
async function boardOf(
  db: Db,
  clubId: number,
  inside: boolean,
  c: { challenge: string; startDate: string; endDate: string },
): Promise<BoardRow[]> {
  const zones = await rowsOf<{ tz: string | null }>(
    db,
    sql`select distinct u.time_zone as tz from club_members m join users u on u.id = m.user_id
      where m.club_id = ${clubId}`,
  );
  const windows = JSON.stringify(
    zones.map(({ tz }) => {
      const w = windowIn(c.startDate, c.endDate, tz);
      return { tz: tz ?? '', s: w.start.toISOString(), e: w.end.toISOString() };
    }),
  );
  return rowsOf<BoardRow>(
    db,
    sql`with z as (select * from json_to_recordset(${windows}::json) as z(tz text, s timestamptz, e timestamptz)),
      bests as (
        select u.id as user_id, u.username, u.profile_picture, w.id as workout_id, w.score, w.capped,
          w.created_at, w.received_at, w.rank_value
        from club_members m
        join users u on u.id = m.user_id
        join z on z.tz = coalesce(u.time_zone, '')
        cross join lateral (
          select w.id, w.score, w.capped, w.created_at, w.received_at, w.rank_value from workouts w
          where w.user_id = u.id and w.challenge = ${c.challenge} and w.created_at >= z.s and w.created_at < z.e
            and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)
          order by lb_rank_key(w.rank_value, w.received_at, w.id) limit 1
        ) w
        where m.club_id = ${clubId} and u.suspended_at is null and (${inside}::boolean or not u.is_private)
      )
      select b.user_id, b.username, b.profile_picture, b.score, b.capped, b.created_at, b.rank_value,
        rank() over (order by b.rank_value desc) as rank
      from bests b order by lb_rank_key(b.rank_value, b.received_at, b.workout_id)`,
  );
}

/** A challenge with its board, and once ended its result card's address. */
export async function getClubChallenge(
  db: Db,
  slug: string,
  viewerId: number | null,
  id: number,
  catalogue: readonly Challenge[],
  now: Date,
  base: string,
): Promise<ClubChallengeDetail> {
  const club = await visibleClub(db, slug, viewerId);
  const row = await challengeOf(db, club.id, id);
  const c = view(row, await zoneOf(db, viewerId), now);
  const rows = await boardOf(db, club.id, club.my_role !== null, c);
  const entry = findEntry(c.challenge, catalogue);
  const targetRank =
    c.target !== null && entry?.scoring ? rankValue(entry.scoring, c.target, false) : null;
  const toEntry = (r: BoardRow): ClubChallengeEntry => ({
    rank: Number(r.rank),
    username: r.username,
    profilePicture: r.profile_picture,
    score: r.score,
    capped: r.capped,
    createdAt: iso(r.created_at),
    reachedTarget: targetRank !== null && r.rank_value >= targetRank,
  });
  const mine = viewerId === null ? undefined : rows.find((r) => r.user_id === viewerId);
  const key = club.visibility === 'invite' ? `?key=${clubCardKey(club.invite_code_hash)}` : '';
  return {
    ...c,
    entries: rows.slice(0, CLUB_CHALLENGE_BOARD_MAX).map(toEntry),
    participants: rows.length,
    reached: targetRank === null ? null : rows.filter((r) => r.rank_value >= targetRank).length,
    me: mine ? toEntry(mine) : null,
    cardUrl:
      c.status === 'ended'
        ? `${base}/api/share-cards/club-challenges/${encodeURIComponent(club.slug)}/${c.id}.png${key}`
        : null,
  };
}

/**
 * What a challenge's result card shows: the board as a visitor of the club sees it (public members
 * only: the card travels outside the club), once ended. Null when there is no card: an unknown or
 * removed club, an invite-only one without its card key, a challenge not (yet) ended.
 */
export async function clubChallengeCardFacts(
  db: Db,
  slug: string,
  id: number,
  key: string | undefined,
  catalogue: readonly Challenge[],
  now: Date,
) {
  const club = await clubForCard(db, slug, key);
  if (!club) return null;
  const [row] = await rowsOf<Row>(db, selectRows(sql`cc.id = ${id} and cc.club_id = ${club.id}`));
  if (!row) return null;
  const c = view(row, null, now);
  const entry = findEntry(c.challenge, catalogue);
  if (c.status !== 'ended' || !entry?.scoring) return null;
  const rows = await boardOf(db, club.id, false, c);
  const targetRank = c.target === null ? null : rankValue(entry.scoring, c.target, false);
  return {
    club: club.name,
    challenge: c,
    podium: rows.slice(0, 3).map((r) => ({
      rank: Number(r.rank),
      username: r.username,
      score: r.score,
      capped: r.capped,
    })),
    participants: rows.length,
    reached: targetRank === null ? null : rows.filter((r) => r.rank_value >= targetRank).length,
  };
}
