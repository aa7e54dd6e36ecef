// The recount queue: rows of clip_recounts (server/src/db/tables/recounts.ts) taken with
// FOR UPDATE SKIP LOCKED, so that on several instances sharing one database each clip is
// recounted by one of them; a running job whose lock is older than the lock time (its instance
// stopped or died) is taken again. docs/decisions/0241-the-recount-queue.md.
import { sql } from 'drizzle-orm';
import { storedReason, type RecountReason } from '@common/recount-reasons';
import type { RecountOutcome } from '@common/tiers';
import { rowsOf, type Db } from '../../db/client';

type Exec = Pick<Db, 'execute'>;

/** Queues (again) the recount of a set's clip: a new clip is counted anew. */
export async function queueRecount(db: Exec, workoutId: number): Promise<void> {
  await db.execute(sql`insert into clip_recounts (workout_id) values (${workoutId})
    on conflict (workout_id) do update set state = 'queued', attempts = 0, queued_at = now(),
      run_after = now(), locked_at = null, locked_by = null, server_count = null, outcome = null,
      reason = null, finished_at = null`);
}

/** Drops a recount not yet done (its clip is gone). */
export async function dropQueuedRecount(db: Exec, workoutId: number): Promise<void> {
  await db.execute(
    sql`delete from clip_recounts where workout_id = ${workoutId} and state <> 'done'`,
  );
}

export interface ClaimedRecount {
  workoutId: number;
  attempts: number;
}

/**
 * Takes the oldest waiting recount (or one whose lock expired) for `instance`; null when none.
 * The lock is this instance's until it finishes, gives the job back, or stops refreshing it.
 */
export async function claimRecount(
  db: Db,
  instance: string,
  lockSeconds: number,
): Promise<ClaimedRecount | null> {
  const rows = await rowsOf<{ workout_id: number; attempts: number }>(
    db,
    sql`update clip_recounts r set state = 'running', locked_at = now(), locked_by = ${instance},
        attempts = r.attempts + 1
      where r.workout_id = (
        select q.workout_id from clip_recounts q
        where (q.state = 'queued' and q.run_after <= now())
          or (q.state = 'running' and q.locked_at < now() - make_interval(secs => ${lockSeconds}))
        order by q.run_after, q.workout_id
        limit 1
        for update skip locked
      )
      returning r.workout_id, r.attempts`,
  );
  const row = rows[0];
  return row ? { workoutId: Number(row.workout_id), attempts: Number(row.attempts) } : null;
}

/** Keeps the lock of a long recount fresh; false when the job is no longer this instance's. */
export async function refreshLock(db: Db, workoutId: number, instance: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update clip_recounts set locked_at = now()
      where workout_id = ${workoutId} and locked_by = ${instance} and state = 'running'
      returning workout_id`,
  );
  return rows.length > 0;
}

/** Gives the job back to the queue, to be tried again after `delaySeconds` (a passing trouble). */
export async function retryLater(
  db: Db,
  workoutId: number,
  instance: string,
  delaySeconds: number,
): Promise<void> {
  await db.execute(sql`update clip_recounts set state = 'queued', locked_at = null, locked_by = null,
      run_after = now() + make_interval(secs => ${delaySeconds})
    where workout_id = ${workoutId} and locked_by = ${instance} and state = 'running'`);
}

export interface RecountResult {
  outcome: RecountOutcome;
  serverCount: number | null;
  /** Stored as its code (common/recount-reasons.ts), said in the member's language when read. */
  reason: RecountReason;
}

/**
 * Ends the job with its outcome and, on 'recounted', raises the set to that tier (a Verified one:
 * the boards' update triggers follow, server/src/db/sql/leaderboard.sql and standing.sql), in one
 * transaction. Nothing happens when the job is no longer this instance's (its lock expired and
 * another took it): that one's result counts. True when this result was written.
 */
export async function finishRecount(
  db: Db,
  workoutId: number,
  instance: string,
  result: RecountResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await rowsOf(
      tx as unknown as Db,
      sql`update clip_recounts set state = 'done', outcome = ${result.outcome},
          server_count = ${result.serverCount}, reason = ${storedReason(result.reason)}, finished_at = now(),
          locked_at = null
        where workout_id = ${workoutId} and locked_by = ${instance} and state = 'running'
        returning workout_id`,
    );
    if (done.length === 0) return false;
    if (result.outcome === 'recounted')
      await tx.execute(sql`update workouts set tier = 'recounted', verified = true
        where id = ${workoutId} and tier = 'camera-counted'`);
    return true;
  });
}

/** Recounts waiting or running, for the bench and the logs. */
export async function queueDepth(db: Db): Promise<{ queued: number; running: number }> {
  const rows = await rowsOf<{ queued: number | string; running: number | string }>(
    db,
    sql`select count(*) filter (where state = 'queued') as queued,
      count(*) filter (where state = 'running') as running from clip_recounts`,
  );
  return { queued: Number(rows[0]?.queued ?? 0), running: Number(rows[0]?.running ?? 0) };
}
