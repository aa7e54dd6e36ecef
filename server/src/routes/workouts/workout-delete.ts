import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../lib/errors';

/**
 * Deletes one of the user's own workouts; anyone else's (or a missing one) is a 404. Its
 * idempotency key is remembered in the same statement, hence the same commit, so a late retry of
 * its save cannot bring it back (docs/decisions/0086-idempotency-tombstones.md).
 */
export async function deleteWorkout(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<{ challenge: string }> {
  const rows = await rowsOf<{ challenge: string }>(
    db,
    sql`
    with gone as (
      delete from workouts where id = ${id} and user_id = ${userId}
      returning id, user_id, challenge, idempotency_key, request_hash
    ), remembered as (
      insert into workout_key_tombstones (user_id, idempotency_key, request_hash, deleted_at)
      select user_id, idempotency_key, request_hash, ${now.toISOString()}::timestamptz
      from gone where idempotency_key is not null
      on conflict (user_id, idempotency_key)
        do update set request_hash = excluded.request_hash, deleted_at = excluded.deleted_at
    )
    select id, challenge from gone`,
  );
  const gone = rows[0];
  if (!gone) throw notFound('Workout not found.');
  return { challenge: gone.challenge };
}
