import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Workout } from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { hiddenWorkouts, workoutClips, workouts } from '../../db/schema';
import { encodeCursor, type WorkoutCursor } from './workout-cursor';
import { publicColumns, toWorkoutDto } from './workout-dto';
import { descIndexed } from '../../db/order';

const cursorTsOf = sql<string>`to_char(${workouts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

// A list carries a moderator's hide (the owner sees it with its reason); a public one leaves
// hidden sets out (docs/decisions/0151-hidden-workouts.md). `publicOnly` is a parameter of the
// prepared statements, so one plan serves both.
const listColumns = {
  ...publicColumns,
  cursorTs: cursorTsOf,
  hiddenReason: hiddenWorkouts.reason,
  hiddenAt: hiddenWorkouts.hiddenAt,
};
const hiddenJoin = eq(hiddenWorkouts.workoutId, workouts.id);
const visibleTo = (publicOnly: unknown) =>
  sql`(not ${publicOnly}::boolean or ${hiddenWorkouts.workoutId} is null)`;

// The first page (every list and public profile starts there), prepared once per database; one
// statement for every challenge's sets, one for a single challenge's.
const firstPages = new WeakMap<Db, Map<boolean, ReturnType<typeof prepareFirstPage>>>();
function prepareFirstPage(db: Db, ofChallenge: boolean) {
  return db
    .select(listColumns)
    .from(workouts)
    .leftJoin(hiddenWorkouts, hiddenJoin)
    .where(
      and(
        eq(workouts.userId, sql.placeholder('userId')),
        ofChallenge ? eq(workouts.challenge, sql.placeholder('challenge')) : undefined,
        visibleTo(sql.placeholder('publicOnly')),
      ),
    )
    .orderBy(descIndexed(workouts.createdAt), descIndexed(workouts.id))
    .limit(sql.placeholder('limit'))
    .prepare(
      ofChallenge ? 'fitbench_workouts_first_page_of_challenge' : 'fitbench_workouts_first_page',
    );
}
function firstPage(db: Db, ofChallenge: boolean) {
  let ofDb = firstPages.get(db);
  if (!ofDb) firstPages.set(db, (ofDb = new Map()));
  let statement = ofDb.get(ofChallenge);
  if (!statement) ofDb.set(ofChallenge, (statement = prepareFirstPage(db, ofChallenge)));
  return statement;
}

/**
 * One page of a user's workouts, newest first; ties on createdAt are broken by id. With a
 * challenge, only its sets. `publicOnly`: without the sets a moderator hid (a public profile).
 */
export async function listWorkouts(
  db: Db,
  userId: number,
  page: { limit: number; cursor?: WorkoutCursor; challenge?: string; publicOnly?: boolean },
): Promise<{ items: Workout[]; nextCursor: string | null }> {
  const { limit, cursor, challenge } = page;
  const publicOnly = page.publicOnly ?? false;
  let rows;
  if (!cursor) {
    const ofChallenge = challenge !== undefined;
    rows = await firstPage(db, ofChallenge).execute({
      userId,
      limit: limit + 1,
      publicOnly,
      ...(ofChallenge ? { challenge } : {}),
    });
  } else
    rows = await db
      .select(listColumns)
      .from(workouts)
      .leftJoin(hiddenWorkouts, hiddenJoin)
      .where(
        and(
          eq(workouts.userId, userId),
          visibleTo(publicOnly),
          challenge === undefined ? undefined : eq(workouts.challenge, challenge),
          cursor
            ? sql`(${workouts.createdAt}, ${workouts.id}) < ((${cursor.ts}::timestamp at time zone 'UTC'), ${cursor.id}::int)`
            : undefined,
        ),
      )
      .orderBy(descIndexed(workouts.createdAt), descIndexed(workouts.id))
      // One extra row tells whether another page exists without a second query.
      .limit(limit + 1);
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null;
  return {
    items: await withClipFlags(
      db,
      pageRows.map((w) => toWorkoutDto(w)),
    ),
    nextCursor,
  };
}

/**
 * Marks the camera sets (camera-counted or better) that have a proof clip (`hasClip: true`; absent
 * otherwise), with one query for the page, only when the page has one
 * (docs/decisions/0158-proof-clips-on-the-device.md, common/tiers.ts).
 */
async function withClipFlags(db: Db, items: Workout[]): Promise<Workout[]> {
  const ids = items.filter((w) => w.tier !== 'entered').map((w) => w.id);
  if (ids.length === 0) return items;
  const rows = await db
    .select({ id: workoutClips.workoutId })
    .from(workoutClips)
    .where(inArray(workoutClips.workoutId, ids));
  const withClip = new Set(rows.map((r) => r.id));
  return items.map((w) => (withClip.has(w.id) ? { ...w, hasClip: true } : w));
}
