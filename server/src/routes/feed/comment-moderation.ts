import { sql } from 'drizzle-orm';
import { COMMENT_NOT_FOUND } from '@common/schemas/feed';
import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  REPORT_TARGET_NOT_FOUND,
  type AuditEntry,
  type CreateReportData,
  type Report,
} from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { readable, shown } from './set-items';

// Comments are reported and moderated as names are (docs/decisions/0250-moderating-comments.md):
// a member reports one through POST /api/reports ({ kind: 'comment', commentId }), a moderator
// hides it (or shows it again) with a reason, written to the audit log with the comment's text.

/**
 * Files a report of a comment the reporter can read (404 otherwise); once per reporter and
 * comment (409). `spend` counts it in the reporter's allowance, as any report.
 */
export async function reportComment(
  db: Db,
  reporterId: number,
  input: CreateReportData & { target: { kind: 'comment' } },
  now: Date,
  spend: () => Promise<void>,
): Promise<Report> {
  const commentId = input.target.commentId;
  const [c] = await rowsOf<{ author_id: number }>(
    db,
    sql`select c.author_id from set_comments c join workouts w on w.id = c.workout_id
      join users u on u.id = w.user_id join users a on a.id = c.author_id
      where c.id = ${commentId}::int and c.hidden_at is null and ${shown('a')} and ${readable(reporterId)}`,
  );
  if (!c) throw notFound(REPORT_TARGET_NOT_FOUND);
  if (c.author_id === reporterId) throw badRequest(CANNOT_REPORT_SELF);
  const repeat = sql`select 1 as x from comment_reports
    where comment_id = ${commentId}::int and reporter_id = ${reporterId}::int`;
  if ((await rowsOf(db, repeat)).length > 0) throw conflict(ALREADY_REPORTED);
  await spend();
  const [row] = await rowsOf<{ created_at: Date | string }>(
    db,
    sql`insert into comment_reports (comment_id, reporter_id, reason, text, created_at)
      values (${commentId}::int, ${reporterId}::int, ${input.reason}, ${input.text ?? null},
        ${now.toISOString()}::timestamptz)
      on conflict do nothing returning created_at`,
  );
  if (!row) throw conflict(ALREADY_REPORTED);
  return {
    // Comment reports are numbered apart from the others: the comment's id names the report.
    id: commentId,
    target: input.target,
    reason: input.reason,
    text: input.text ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface ReportedComment {
  id: number;
  workoutId: number;
  author: string;
  body: string;
  createdAt: string;
  reports: number;
  reasons: string[];
}

/** Comments with open reports, the most reported first (moderators). */
export async function reportedComments(db: Db): Promise<ReportedComment[]> {
  const rows = await rowsOf<{
    id: number;
    workout_id: number;
    username: string;
    body: string;
    created_at: Date | string;
    reports: number;
    reasons: string;
  }>(
    db,
    sql`select c.id, c.workout_id, a.username, c.body, c.created_at, count(*)::int as reports,
        string_agg(distinct r.reason, ',') as reasons
      from comment_reports r join set_comments c on c.id = r.comment_id join users a on a.id = c.author_id
      where r.closed_at is null and c.hidden_at is null
      group by c.id, a.username order by count(*) desc, max(r.created_at) desc limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    workoutId: r.workout_id,
    author: r.username,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    reports: r.reports,
    reasons: r.reasons.split(','),
  }));
}

/**
 * Hides a comment (`hide`) or shows it again, with the audit line (action hide-comment or
 * show-comment, on the comment's author and set, its text kept as `previous`); a hide closes
 * the comment's reports. One statement: the change and its line commit together. Null when
 * nothing changed (already hidden, or not hidden).
 */
export async function moderateComment(
  db: Db,
  moderator: { id: number; username: string },
  commentId: number,
  hide: boolean,
  reason: string,
  now: Date,
): Promise<AuditEntry | null> {
  const at = now.toISOString();
  const [exists] = await rowsOf<{ id: number }>(
    db,
    sql`select id from set_comments where id = ${commentId}::int`,
  );
  if (!exists) throw notFound(COMMENT_NOT_FOUND);
  const action = hide ? 'hide-comment' : 'show-comment';
  const change = hide
    ? sql`update set_comments set hidden_at = ${at}::timestamptz, hidden_reason = ${reason}
        where id = ${commentId}::int and hidden_at is null
        returning author_id, workout_id, body`
    : sql`update set_comments set hidden_at = null, hidden_reason = null
        where id = ${commentId}::int and hidden_at is not null
        returning author_id, workout_id, body`;
  const [row] = await rowsOf<{
    id: number;
    username: string;
    workout_id: number;
    created_at: Date | string;
  }>(
    db,
    sql`with changed as (${change}),
      closed as (update comment_reports set closed_at = ${at}::timestamptz
        where ${hide} and comment_id = ${commentId}::int and closed_at is null
          and exists (select 1 from changed) returning 1),
      line as (insert into moderation_actions
          (moderator_id, moderator_name, action, target_user_id, target_workout_id, reason, previous, created_at)
        select ${moderator.id}::int, ${moderator.username}, ${action}, author_id, workout_id, ${reason}, body,
          ${at}::timestamptz from changed
        returning id, created_at, target_user_id, target_workout_id)
      select line.id, u.username, line.target_workout_id as workout_id, line.created_at from line join users u on u.id = line.target_user_id`,
  );
  if (!row) return null;
  return {
    id: row.id,
    moderator: moderator.username,
    action,
    target: { kind: 'workout', workoutId: row.workout_id, username: row.username },
    reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
