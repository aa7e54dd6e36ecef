import { and, eq, gt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { CATALOGUE, findEntry } from '@common/challenges';
import type { CreateWorkoutData } from '@common/schemas/workouts';
import type { Db } from '../../db/client';
import { KEY_TOMBSTONE_HOURS, workoutKeyTombstones, workouts } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { publicColumns } from './workout-dto';

// A save's Idempotency-Key (docs/product.md#idempotent-saves, docs/decisions/0008): what makes two
// saves the same request, the stored row a retry answers with, and the key of a workout deleted
// since (docs/decisions/0086-idempotency-tombstones.md).

/** What makes two saves "the same request": the validated, normalised body. */
export function requestHash(input: CreateWorkoutData): string {
  const parts: unknown[] = [
    input.score,
    input.notes ?? null,
    input.createdAt ? new Date(input.createdAt).toISOString() : null,
  ];
  // Appended only when present, so saves without a trace keep the hashes already stored.
  if (input.verification) parts.push(input.verification);
  // Likewise the challenge: an entry whose saves came before challenges had names
  // (legacy.unnamedInHash: push-ups) hashes as it did then.
  if (!findEntry(input.challenge, CATALOGUE)?.legacy?.unnamedInHash)
    parts.push({ challenge: input.challenge });
  // And the cap mark: only a capped run has it, so every other save hashes as before.
  if (input.capped) parts.push({ capped: true });
  // And the pace, only when sent, so a save without one hashes as before.
  if (input.pace) parts.push({ pace: input.pace });
  const canonical = JSON.stringify(parts);
  return createHash('sha256').update(canonical).digest('hex');
}

export const DELETED_RETRY_MESSAGE =
  'This workout was deleted, so this repeated save was not stored again. To log it anew, save it as a new workout.';

/** A retry under the key of a workout deleted in the last 24 hours: 410, or 422 for another body. */
export function deletedRetry(storedHash: string | null, hash: string): HttpError {
  return storedHash === hash ? new HttpError(410, DELETED_RETRY_MESSAGE) : idempotencyMismatch();
}

export async function findTombstone(db: Db, userId: number, key: string, now: Date) {
  const rows = await db
    .select({ requestHash: workoutKeyTombstones.requestHash })
    .from(workoutKeyTombstones)
    .where(
      and(
        eq(workoutKeyTombstones.userId, userId),
        eq(workoutKeyTombstones.idempotencyKey, key),
        gt(
          workoutKeyTombstones.deletedAt,
          new Date(now.getTime() - KEY_TOMBSTONE_HOURS * 3_600_000),
        ),
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

export async function findByKey(db: Db, userId: number, key: string) {
  const rows = await db
    .select({ ...publicColumns, requestHash: workouts.requestHash })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), eq(workouts.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}
