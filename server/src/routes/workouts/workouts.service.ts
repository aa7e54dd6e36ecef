import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { traceProblem } from '@common/schemas/verification';
import {
  workoutTimeError,
  type CreateWorkoutData,
  type CreatedWorkout,
  type MyStats,
  type SavedWorkout,
  type Stats,
  type Workout,
} from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { localParts } from '../leaderboard/period';
import { KEY_TOMBSTONE_HOURS, workoutKeyTombstones, workouts } from '../../db/schema';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import { saveQueue, type SaveOutcome } from './save-batch';

const INT4_MAX = 2_147_483_647;

type WorkoutRow = Pick<
  typeof workouts.$inferSelect,
  'id' | 'userId' | 'pushups' | 'notes' | 'createdAt' | 'verified'
>;

// The public columns; the idempotency key and request hash stay internal.
export const publicColumns = {
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

export const DELETED_RETRY_MESSAGE =
  'This workout was deleted, so this repeated save was not stored again. To log it anew, save it as a new workout.';

/** A retry under the key of a workout deleted in the last 24 hours: 410, or 422 for another body. */
function deletedRetry(storedHash: string | null, hash: string): HttpError {
  return storedHash === hash ? new HttpError(410, DELETED_RETRY_MESSAGE) : idempotencyMismatch();
}

async function findTombstone(db: Db, userId: number, key: string, now: Date) {
  const rows = await db
    .select({ requestHash: workoutKeyTombstones.requestHash })
    .from(workoutKeyTombstones)
    .where(
      and(
        eq(workoutKeyTombstones.userId, userId),
        eq(workoutKeyTombstones.idempotencyKey, key),
        gt(workoutKeyTombstones.deletedAt, new Date(now.getTime() - KEY_TOMBSTONE_HOURS * 3_600_000)),
      ),
    )
    .limit(1);
  return rows[0];
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

/** The member's best over their workouts saved before this one (null: it is their first). */
async function previousBest(db: Db, userId: number, workoutId: number): Promise<number | null> {
  const rows = await db
    .select({ best: sql<number | null>`max(${workouts.pushups})` })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), sql`${workouts.id} < ${workoutId}`));
  const best = rows[0]?.best;
  return best === null || best === undefined ? null : Number(best);
}

/**
 * A saved workout with the member's previous best, for "New personal best!" (docs/decisions/0054-after-a-save.md).
 * Only for a lost key race: every other save reads it in its own statement (./save-batch.ts).
 */
async function withPreviousBest(db: Db, workout: CreatedWorkout): Promise<SavedWorkout> {
  return { ...workout, previousBest: await previousBest(db, workout.userId, workout.id) };
}

/**
 * Saves a workout. With an idempotency key, a retry of the same body returns the first result
 * and a different body under the same key is a 422 (docs/product.md#idempotent-saves, docs/decisions/0008);
 * a retry of a workout deleted within 24 hours is a 410 (docs/decisions/0086-idempotency-tombstones.md).
 * The answer carries the member's previous best (docs/decisions/0054-after-a-save.md), read by the
 * save's own statement; concurrent saves share one statement and commit (./save-batch.ts).
 */
export async function createWorkout(
  db: Db,
  userId: number,
  input: CreateWorkoutData,
  idempotencyKey: string | undefined,
  now: Date,
  guard: SaveGuard = {},
): Promise<{ workout: SavedWorkout; replayed: boolean }> {
  const createdAt = input.createdAt ? new Date(input.createdAt) : now;
  // docs/product.md#custom-time against the server's clock, whatever the caller validated with.
  const timeError = workoutTimeError(createdAt, now.getTime(), guard.registeredAt);
  if (timeError) throw badRequest(timeError, { createdAt: [timeError] });

  const hash = idempotencyKey ? requestHash(input) : null;
  // The server runs the rep counter itself; the client's own count is never trusted.
  const verified = input.verification !== undefined && verificationNote(input) === null;
  let outcome: SaveOutcome;
  try {
    outcome = await saveQueue(db, guard.limit ?? null).save({
      userId,
      pushups: input.pushups,
      notes: input.notes ?? null,
      createdAt,
      idempotencyKey: idempotencyKey ?? null,
      requestHash: hash,
      verified,
      limitKey: guard.limit ? `save:${userId}` : null,
      now,
    });
  } catch (err) {
    // A concurrent request with the same key committed first: the statement failed as a whole
    // (nothing inserted, nothing counted, no trigger's side effect), so answer with that row.
    if (idempotencyKey && hash && isUniqueViolation(err)) {
      const stored = await findByKey(db, userId, idempotencyKey);
      if (stored) {
        const { workout } = replay(stored, hash, input);
        return { workout: await withPreviousBest(db, workout), replayed: true };
      }
      // ... and was deleted since.
      const tombstone = await findTombstone(db, userId, idempotencyKey, now);
      if (tombstone) throw deletedRetry(tombstone.requestHash, hash);
    }
    throw err;
  }
  if (outcome.kind === 'limited') {
    const after = rateLimit.retryAfterSeconds(outcome.window, now);
    throw tooManyRequests(
      `You have saved ${guard.limit!.max} workouts recently. You can save again in ${waitText(after)}; your count is kept until then.`,
      after,
    );
  }
  if (outcome.kind === 'deleted') throw deletedRetry(outcome.requestHash, hash!);
  if (outcome.kind === 'replay') {
    const { workout } = replay(outcome.row, hash!, input);
    return { workout: { ...workout, previousBest: outcome.previousBest }, replayed: true };
  }
  return { workout: { ...created(outcome.row, input), previousBest: outcome.previousBest }, replayed: false };
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

// The first page (every list and public profile starts there), prepared once per database.
const firstPages = new WeakMap<Db, ReturnType<typeof prepareFirstPage>>();
function prepareFirstPage(db: Db) {
  return db
    .select({ ...publicColumns, cursorTs: cursorTsOf })
    .from(workouts)
    .where(eq(workouts.userId, sql.placeholder('userId')))
    .orderBy(desc(workouts.createdAt), desc(workouts.id))
    .limit(sql.placeholder('limit'))
    .prepare('fitbench_workouts_first_page');
}

/** One page of a user's workouts, newest first; ties on createdAt are broken by id. */
export async function listWorkouts(
  db: Db,
  userId: number,
  page: { limit: number; cursor?: WorkoutCursor },
): Promise<{ items: Workout[]; nextCursor: string | null }> {
  const { limit, cursor } = page;
  let firstPage = firstPages.get(db);
  if (!firstPage) firstPages.set(db, (firstPage = prepareFirstPage(db)));
  const rows = !cursor
    ? await firstPage.execute({ userId, limit: limit + 1 })
    : await db
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

/**
 * Deletes one of the user's own workouts; anyone else's (or a missing one) is a 404. Its
 * idempotency key is remembered in the same statement, hence the same commit, so a late retry of
 * its save cannot bring it back (docs/decisions/0086-idempotency-tombstones.md).
 */
export async function deleteWorkout(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const result = (await db.execute(sql`
    with gone as (
      delete from workouts where id = ${id} and user_id = ${userId}
      returning id, user_id, idempotency_key, request_hash
    ), remembered as (
      insert into workout_key_tombstones (user_id, idempotency_key, request_hash, deleted_at)
      select user_id, idempotency_key, request_hash, ${now.toISOString()}::timestamptz
      from gone where idempotency_key is not null
      on conflict (user_id, idempotency_key)
        do update set request_hash = excluded.request_hash, deleted_at = excluded.deleted_at
    )
    select id from gone`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw notFound('Workout not found.');
}

/** All four figures in one statement, so they always describe the same set of workouts. */
export async function getStats(db: Db, userId: number): Promise<Stats> {
  let query = statsQueries.get(db);
  if (!query) statsQueries.set(db, (query = prepareStats(db)));
  const rows = await query.execute({ userId });
  const row = rows[0];
  return {
    lastPushups: row?.lastPushups ?? 0,
    bestPushups: row?.bestPushups ?? 0,
    totalWorkouts: row?.totalWorkouts ?? 0,
    totalPushups: row?.totalPushups ?? 0,
    verifiedBest: row?.verifiedBest ?? 0,
  };
}

// Built once per database as a prepared query (stats are part of every public profile).
const statsQueries = new WeakMap<Db, ReturnType<typeof prepareStats>>();
function prepareStats(db: Db) {
  const userId = sql.placeholder('userId');
  const latest = alias(workouts, 'latest');
  const lastPushups = db
    .select({ pushups: latest.pushups })
    .from(latest)
    .where(eq(latest.userId, userId))
    .orderBy(desc(latest.createdAt), desc(latest.id))
    .limit(1);
  // Explicit casts and mapWith(Number): node-postgres returns bigint sums as strings.
  return db
    .select({
      lastPushups: sql<number>`coalesce((${lastPushups}), 0)::int`.mapWith(Number),
      bestPushups: sql<number>`coalesce(max(${workouts.pushups}), 0)::int`.mapWith(Number),
      totalWorkouts: sql<number>`count(*)::bigint`.mapWith(Number),
      totalPushups: sql<number>`coalesce(sum(${workouts.pushups}), 0)::bigint`.mapWith(Number),
      verifiedBest:
        sql<number>`coalesce(max(${workouts.pushups}) filter (where ${workouts.verified}), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(workouts)
    .where(eq(workouts.userId, userId))
    .prepare('fitbench_stats');
}

// ---- Weekly goal (docs/decisions/0053-weekly-goal.md) ----------------------------------------

const DAY_MS = 86_400_000;
/** 1970-01-04 was a Sunday: week n covers the local dates 1970-01-04 + 7n .. + 7n + 6. */
const SUNDAY_EPOCH_DAY = 3;

/** The Sunday-start week number of the local calendar date at `instant` in `tz`. */
export function localWeekNumber(instant: Date, tz: string): number {
  const { year, month, day } = localParts(instant.getTime(), tz);
  return Math.floor((Date.UTC(year, month - 1, day) / DAY_MS - SUNDAY_EPOCH_DAY) / 7);
}

/**
 * This week's count and the streak from per-week counts (any order). The current week adds one
 * when its goal is met and is skipped otherwise; the first earlier week below the goal ends it.
 */
export function weekStreakOf(
  counts: ReadonlyMap<number, number>,
  currentWeek: number,
  goal: number,
): { sessionsThisWeek: number; weekStreak: number } {
  const sessionsThisWeek = counts.get(currentWeek) ?? 0;
  let weekStreak = sessionsThisWeek >= goal ? 1 : 0;
  for (let w = currentWeek - 1; (counts.get(w) ?? 0) >= goal; w -= 1) weekStreak += 1;
  return { sessionsThisWeek, weekStreak };
}

function isUnknownZoneError(err: unknown): boolean {
  // 22023 invalid_parameter_value: PostgreSQL's zone list lacks a name Intl knew.
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '22023' || e?.cause?.code === '22023';
}

/** Workouts per local Sunday-start week in `tz`, for weeks up to the current one. */
export async function weeklyCounts(
  db: Db,
  userId: number,
  tz: string,
  currentWeek: number,
): Promise<Map<number, number>> {
  const week = sql<number>`floor((((${workouts.createdAt} at time zone ${tz})::date - date '1970-01-04')) / 7.0)::int`;
  try {
    const rows = await db
      .select({ week: week.mapWith(Number), sessions: sql<number>`count(*)::int`.mapWith(Number) })
      .from(workouts)
      .where(eq(workouts.userId, userId))
      .groupBy(sql`1`);
    // A save a moment ahead of the server's clock may fall in next week: it is not counted yet.
    return new Map(rows.filter((r) => r.week <= currentWeek).map((r) => [r.week, r.sessions]));
  } catch (err) {
    if (isUnknownZoneError(err)) {
      const message = 'Unknown time zone. Send an IANA name such as Europe/Paris.';
      throw badRequest(message, { tz: [message] });
    }
    throw err;
  }
}

/** GET /api/stats: the four figures and the weekly goal's progress in the member's week. */
export async function getMyStats(
  db: Db,
  user: { id: number; weeklyGoal: number },
  now: Date,
  tz: string,
): Promise<MyStats> {
  const currentWeek = localWeekNumber(now, tz);
  const [stats, counts] = await Promise.all([
    getStats(db, user.id),
    weeklyCounts(db, user.id, tz, currentWeek),
  ]);
  return { ...stats, weeklyGoal: user.weeklyGoal, ...weekStreakOf(counts, currentWeek, user.weeklyGoal) };
}
