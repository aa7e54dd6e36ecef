import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import {
  workoutTimeError,
  type CreateWorkoutData,
  type Stats,
  type Workout,
} from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';

const INT4_MAX = 2_147_483_647;

type WorkoutRow = Pick<typeof workouts.$inferSelect, 'id' | 'userId' | 'pushups' | 'notes' | 'createdAt'>;

// The public columns; the idempotency key and request hash stay internal.
const publicColumns = {
  id: workouts.id,
  userId: workouts.userId,
  pushups: workouts.pushups,
  notes: workouts.notes,
  createdAt: workouts.createdAt,
};

export function toWorkoutDto(w: WorkoutRow): Workout {
  return {
    id: w.id,
    userId: w.userId,
    pushups: w.pushups,
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
  };
}

/** What makes two saves "the same request": the validated, normalised body. */
function requestHash(input: CreateWorkoutData): string {
  const canonical = JSON.stringify([
    input.pushups,
    input.notes ?? null,
    input.createdAt ? new Date(input.createdAt).toISOString() : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export const idempotencyMismatch = () =>
  new HttpError(
    422,
    'This Idempotency-Key was already used for a different workout. Make a new key for a new save.',
  );

async function findByKey(db: Db, userId: number, key: string) {
  const rows = await db
    .select({ ...publicColumns, requestHash: workouts.requestHash })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), eq(workouts.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

function replay(stored: WorkoutRow & { requestHash: string | null }, hash: string) {
  if (stored.requestHash !== hash) throw idempotencyMismatch();
  return { workout: toWorkoutDto(stored), replayed: true };
}

/**
 * Saves a workout. With an idempotency key, a retry of the same body returns the first result
 * and a different body under the same key is a 422 (decision 11, docs/decisions/0101).
 */
export async function createWorkout(
  db: Db,
  userId: number,
  input: CreateWorkoutData,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ workout: Workout; replayed: boolean }> {
  const createdAt = input.createdAt ? new Date(input.createdAt) : now;
  // Decision 10 against the server's clock, whatever the caller validated with.
  const timeError = workoutTimeError(createdAt, now.getTime());
  if (timeError) throw badRequest(timeError, { createdAt: [timeError] });

  const hash = idempotencyKey ? requestHash(input) : null;
  // One round trip for a new save: the insert itself tells a used key (no row comes back) from a
  // new one, instead of a lookup first (docs/decisions/1201-per-request-work-and-bench.md). A
  // concurrent save with the same key makes this insert wait for it; if it committed, the lookup
  // below (a new statement) sees its row.
  // The lookup can miss when the row that held the key was deleted meanwhile: then try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await db
      .insert(workouts)
      .values({
        userId,
        pushups: input.pushups,
        notes: input.notes ?? null,
        createdAt,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
      })
      .onConflictDoNothing({ target: [workouts.userId, workouts.idempotencyKey] })
      .returning(publicColumns);
    if (rows[0]) return { workout: toWorkoutDto(rows[0]), replayed: false };
    if (!idempotencyKey || !hash) break;
    const stored = await findByKey(db, userId, idempotencyKey);
    if (stored) return replay(stored, hash);
  }
  throw new Error('the save neither inserted a row nor found the one holding its key');
}

// ---- Pagination -------------------------------------------------------------------------------

export interface WorkoutCursor {
  /** created_at in UTC with PostgreSQL's full microsecond precision (a JS Date would lose it). */
  ts: string;
  id: number;
}

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeCursor(c: WorkoutCursor): string {
  return Buffer.from(`${c.ts}|${c.id}`, 'utf8').toString('base64url');
}

/** Returns null for anything this server did not make. */
export function decodeCursor(raw: string): WorkoutCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const [ts, idText, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !ts || !idText || !CURSOR_TS.test(ts) || !/^\d{1,10}$/.test(idText)) return null;
  // Rejects impossible dates (2026-02-30) that the pattern lets through.
  const ms = ts.slice(0, 23);
  const d = new Date(`${ms}Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 23) !== ms) return null;
  const id = Number(idText);
  if (id < 1 || id > INT4_MAX) return null;
  return { ts, id };
}

const cursorTsOf = sql<string>`to_char(${workouts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** One page of a user's workouts, newest first; ties on createdAt are broken by id. */
export async function listWorkouts(
  db: Db,
  userId: number,
  page: { limit: number; cursor?: WorkoutCursor },
): Promise<{ items: Workout[]; nextCursor: string | null }> {
  const { limit, cursor } = page;
  const rows = await db
    .select({ ...publicColumns, cursorTs: cursorTsOf })
    .from(workouts)
    .where(
      and(
        eq(workouts.userId, userId),
        cursor
          ? sql`(${workouts.createdAt}, ${workouts.id}) < ((${cursor.ts}::timestamp at time zone 'UTC'), ${cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(workouts.createdAt), desc(workouts.id))
    // One extra row tells whether another page exists without a second query.
    .limit(limit + 1);
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ ts: last.cursorTs, id: last.id }) : null;
  return { items: pageRows.map(toWorkoutDto), nextCursor };
}

// ---- Delete and stats -------------------------------------------------------------------------

/** Deletes one of the user's own workouts; anyone else's (or a missing one) is a 404. */
export async function deleteWorkout(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.userId, userId)))
    .returning({ id: workouts.id });
  if (rows.length === 0) throw notFound('Workout not found.');
}

/** All four figures in one statement, so they always describe the same set of workouts. */
export async function getStats(db: Db, userId: number): Promise<Stats> {
  const latest = alias(workouts, 'latest');
  const lastPushups = db
    .select({ pushups: latest.pushups })
    .from(latest)
    .where(eq(latest.userId, userId))
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(1);
  // Explicit casts and mapWith(Number): node-postgres returns bigint sums as strings.
  const rows = await db
    .select({
      lastPushups: sql<number>`coalesce((${lastPushups}), 0)::int`.mapWith(Number),
      bestPushups: sql<number>`coalesce(max(${workouts.pushups}), 0)::int`.mapWith(Number),
      totalWorkouts: sql<number>`count(*)::bigint`.mapWith(Number),
      totalPushups: sql<number>`coalesce(sum(${workouts.pushups}), 0)::bigint`.mapWith(Number),
    })
    .from(workouts)
    .where(eq(workouts.userId, userId));
  const row = rows[0];
  return {
    lastPushups: row?.lastPushups ?? 0,
    bestPushups: row?.bestPushups ?? 0,
    totalWorkouts: row?.totalWorkouts ?? 0,
    totalPushups: row?.totalPushups ?? 0,
  };
}
