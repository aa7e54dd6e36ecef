import { sql } from 'drizzle-orm';
import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  REPORT_TARGET_NOT_FOUND,
  type CreateReportData,
  type Report,
} from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest, conflict, notFound, tooManyRequestsSaying } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import { reportComment } from '../feed';

/**
 * The member whose entry or profile is reported, when others can see it: not private, not
 * suspended, and (an entry) not hidden. Anything else is a 404, as it is on the boards.
 */
async function targetOwner(
  db: Db,
  t: Exclude<CreateReportData['target'], { kind: 'comment' }>,
): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    t.kind === 'workout'
      ? sql`select u.id from workouts w join users u on u.id = w.user_id
          where w.id = ${t.workoutId} and not u.is_private and u.suspended_at is null
            and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)`
      : sql`select u.id from users u
          where lower(u.username) = ${t.username.toLowerCase()} and not u.is_private and u.suspended_at is null`,
  );
  if (!row) throw notFound(REPORT_TARGET_NOT_FOUND);
  return row.id;
}

/**
 * Files a report: once per reporter and target (409 on a repeat, which costs no allowance), at
 * most `limit.max` in `limit.windowMs` per reporter (429).
 */
export async function createReport(
  db: Db,
  reporterId: number,
  input: CreateReportData,
  now: Date,
  limit: { max: number; windowMs: number },
): Promise<Report> {
  const key = `report:${reporterId}`;
  const spend = async () => {
    const state = await rateLimit.hit(db, key, limit.windowMs, now);
    if (state.count > limit.max) {
      const after = rateLimit.retryAfterSeconds(state, now);
      throw tooManyRequestsSaying(
        'You have sent many reports in a short time. Please try again in {minutes} minutes.',
        { minutes: Math.ceil(after / 60) },
        after,
      );
    }
  };
  const target = input.target;
  // A comment's reports have a table of their own (../feed/comment-moderation.ts).
  if (target.kind === 'comment')
    return reportComment(db, reporterId, { ...input, target }, now, spend);
  const ownerId = await targetOwner(db, target);
  if (ownerId === reporterId) throw badRequest(CANNOT_REPORT_SELF);
  const workoutId = target.kind === 'workout' ? target.workoutId : null;
  const repeat = sql`select 1 as x from reports where reporter_id = ${reporterId} and target_user_id = ${ownerId}
    and coalesce(target_workout_id, 0) = ${workoutId ?? 0}`;
  if ((await rowsOf(db, repeat)).length > 0) throw conflict(ALREADY_REPORTED);
  await spend();
  const [row] = await rowsOf<{ id: number; created_at: Date | string }>(
    db,
    sql`insert into reports (reporter_id, target_user_id, target_workout_id, reason, text, created_at)
      values (${reporterId}, ${ownerId}, ${workoutId}::int, ${input.reason}, ${input.text ?? null}, ${now.toISOString()}::timestamptz)
      on conflict do nothing returning id, created_at`,
  );
  if (!row) {
    // A twin request got there first.
    await rateLimit.refund(db, key);
    throw conflict(ALREADY_REPORTED);
  }
  return {
    id: row.id,
    target: input.target,
    reason: input.reason,
    text: input.text ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
