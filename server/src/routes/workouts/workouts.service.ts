import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { traceProblem } from '@common/schemas/verification';
import {
  workoutTimeError,
  type CreateWorkoutData,
  type CreatedWorkout,
  type Stats,
  type Workout,
} from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';

const INT4_MAX = 2_147_483_647;

type WorkoutRow = Pick<
  typeof workouts.$inferSelect,
  'id' | 'userId' | 'pushups' | 'notes' | 'createdAt' | 'verified'
>;

// The public columns; the idempotency key and request hash stay internal.
const publicColumns = {
  id: workouts.id,
  userId: workouts.userId,
  pushups: workouts.pushups,
  notes: workouts.notes,
  createdAt: workouts.createdAt,
  verified: workouts.verified,
};

export function toWorkoutDto(w: WorkoutRow): Workout {
  return {
    id: w.id,
    userId: w.userId,
    pushups: w.pushups,
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
    verified: w.verified,
  };
}

function isUniqueViolation(err: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; pg and PGlite both carry the SQLSTATE in `code`.
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** What makes two saves "the same request": the validated, normalised body. */
function requestHash(input: CreateWorkoutData): string {
  const parts: unknown[] = [
    input.pushups,
    input.notes ?? null,
    input.createdAt ? new Date(input.createdAt).toISOString() : null,
  ];
  // Appended only when present, so saves without a trace keep the hashes already stored.
  if (input.verification) parts.push(input.verification);
  const canonical = JSON.stringify(parts);
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

/** Why a sent trace does not prove the count (null: it does, or none was sent). */
function verificationNote(input: CreateWorkoutData): string | null {
  if (!input.verification) return null;
  return traceProblem(input.verification.trace, input.pushups);
}

function created(w: WorkoutRow, input: CreateWorkoutData): CreatedWorkout {
  const dto: CreatedWorkout = toWorkoutDto(w);
  const note = w.verified ? null : verificationNote(input);
  if (note) dto.verificationNote = note;
  return dto;
}

function replay(stored: WorkoutRow & { requestHash: string | null }, hash: string, input: CreateWorkoutData) {
  if (stored.requestHash !== hash) throw idempotencyMismatch();
  return { workout: created(stored, input), replayed: true };
}

export interface SaveGuard {
  /** The owner's registration: no workout may be dated before it. */
  registeredAt?: Date;
  /** Saves allowed per member in a window (SAVE_MAX / SAVE_WINDOW_MINUTES). */
  limit?: { max: number; windowMs: number };
}

/** "12 minutes", "1 minute", "45 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/**
 * Saves a workout. With an idempotency key, a retry of the same body returns the first result
 * and a different body under the same key is a 422 (docs/product.md#idempotent-saves, docs/decisions/0101).
 */
export async function createWorkout(
  db: Db,
  userId: number,
  input: CreateWorkoutData,
  idempotencyKey: string | undefined,
  now: Date,
  guard: SaveGuard = {},
): Promise<{ workout: CreatedWorkout; replayed: boolean }> {
  const createdAt = input.createdAt ? new Date(input.createdAt) : now;
  // docs/product.md#custom-time against the server's clock, whatever the caller validated with.
  const timeError = workoutTimeError(createdAt, now.getTime());
  if (timeError) throw badRequest(timeError, { createdAt: [timeError] });
  // A workout dated before its owner existed would win ties it never played.
  if (guard.registeredAt && createdAt < guard.registeredAt) {
    const message = 'The workout time cannot be before you joined FitBench';
    throw badRequest(message, { createdAt: [message] });
  }

  const hash = idempotencyKey ? requestHash(input) : null;
  if (idempotencyKey && hash) {
    const stored = await findByKey(db, userId, idempotencyKey);
    if (stored) return replay(stored, hash, input);
  }
  // Counted before the insert in one statement, so parallel saves cannot pass the limit; a save
  // that turns out to be a replay gives its count back. docs/decisions/0706-save-limit.md
  const limitKey = `save:${userId}`;
  if (guard.limit) {
    const window = await rateLimit.hit(db, limitKey, guard.limit.windowMs, now);
    if (window.count > guard.limit.max) {
      const after = rateLimit.retryAfterSeconds(window, now);
      throw tooManyRequests(
        `You have saved ${guard.limit.max} workouts recently. You can save again in ${waitText(after)}; your count is kept until then.`,
        after,
      );
    }
  }
  const giveBack = () => (guard.limit ? rateLimit.refund(db, limitKey) : Promise.resolve());
  // The server runs the rep counter itself; the client's own count is never trusted.
  const verified = input.verification !== undefined && verificationNote(input) === null;
  try {
    const rows = await db
      .insert(workouts)
      .values({
        userId,
        pushups: input.pushups,
        notes: input.notes ?? null,
        createdAt,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        verified,
      })
      .returning(publicColumns);
    return { workout: created(rows[0]!, input), replayed: false };
  } catch (err) {
    // A concurrent request with the same key won the race: answer with its row. The insert
    // failed as a whole, so nothing (not even a trigger's side effect) was written for us.
    await giveBack();
    if (idempotencyKey && hash && isUniqueViolation(err)) {
      const stored = await findByKey(db, userId, idempotencyKey);
      if (stored) return replay(stored, hash, input);
    }
    throw err;
  }
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
      verifiedBest: sql<number>`coalesce(max(${workouts.pushups}) filter (where ${workouts.verified}), 0)::int`.mapWith(
        Number,
      ),
    })
    .from(workouts)
    .where(eq(workouts.userId, userId));
  const row = rows[0];
  return {
    lastPushups: row?.lastPushups ?? 0,
    bestPushups: row?.bestPushups ?? 0,
    totalWorkouts: row?.totalWorkouts ?? 0,
    totalPushups: row?.totalPushups ?? 0,
    verifiedBest: row?.verifiedBest ?? 0,
  };
}
