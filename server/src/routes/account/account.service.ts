import { asc, eq, like, or } from 'drizzle-orm';
import {
  EXPORT_CSV_HEADER,
  type AccountExport,
  type ChangePasswordInput,
} from '@common/schemas/account';
import type { Db } from '../../db/client';
import { hiddenWorkouts, rateLimits, users, workouts } from '../../db/schema';
import { toUserDto } from '../../lib/auth';
import { badRequest, tooManyRequestsSaying } from '../../lib/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import * as rateLimit from '../../lib/rate-limit';
import { endPendingTokens } from '../../lib/account-tokens';
import { deleteOtherSessions } from '../../lib/session';
import { exportClips } from '../clips';
import { publicColumns, toWorkoutDto } from '../workouts';
import { legacyScoreOf } from '../../lib/score-answers';

type UserRow = typeof users.$inferSelect;

export interface PasswordLimits {
  loginMaxFailures: number;
  loginWindowMs: number;
}

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

// Wrong passwords given to a signed-in action count per user, as failed logins do per username
// and address (docs/decisions/0044-account-lifecycle.md): a stolen session cannot guess on.
const passwordKey = (userId: number) => `password:${userId}`;

/**
 * Checks the user's own password before a sensitive change. A wrong one is a 400 on `field`
 * (the user is signed in: it is a form error, not a failed sign-in) and counts toward the limit.
 */
export async function confirmPassword(
  db: Db,
  user: UserRow,
  password: string,
  field: string,
  now: Date,
  limits: PasswordLimits,
) {
  const key = passwordKey(user.id);
  const window = await rateLimit.peek(db, key, now);
  if (window && window.count >= limits.loginMaxFailures) {
    const after = rateLimit.retryAfterSeconds(window, now);
    throw tooManyRequestsSaying(
      'Too many wrong passwords. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await rateLimit.hit(db, key, limits.loginWindowMs, now);
    const message = 'That is not your current password.';
    throw badRequest(message, { [field]: [message] });
  }
  await rateLimit.clear(db, key);
}

/** Why a new password is refused beyond its length (the registration rules), or null. */
export function newPasswordProblem(
  password: string,
  user: Pick<UserRow, 'username' | 'email'>,
): string | null {
  if (isCommonPassword(password))
    return 'This password is too common. Please choose a less guessable one.';
  const lower = password.toLowerCase();
  const localPart = user.email.split('@')[0]!.toLowerCase();
  if (lower === user.username.toLowerCase() || lower === localPart) {
    return 'Your password must not be your username or email.';
  }
  return null;
}

/**
 * Sets a new password and ends every other session of the user (the current one goes on) and
 * every pending emailed link: one asked for by someone who knew the old password ends with it.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: ChangePasswordInput,
  currentToken: string,
  now: Date,
  limits: PasswordLimits,
) {
  await confirmPassword(db, user, input.currentPassword, 'currentPassword', now, limits);
  const problem =
    input.newPassword === input.currentPassword
      ? 'Choose a password different from your current one.'
      : newPasswordProblem(input.newPassword, user);
  if (problem) throw badRequest(problem, { newPassword: [problem] });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await deleteOtherSessions(tx, user.id, currentToken);
    await endPendingTokens(tx, user.id);
  });
}

/**
 * Deletes the account and everything of it: workouts first (their triggers take the user's bests
 * off the boards), then the user row, whose foreign keys cascade to sessions, avatars and board
 * rows; then the rate-limit counters that name the user.
 */
export async function deleteAccount(
  db: Db,
  user: UserRow,
  password: string,
  now: Date,
  limits: PasswordLimits,
) {
  await confirmPassword(db, user, password, 'password', now, limits);
  await db.transaction(async (tx) => {
    await tx.delete(workouts).where(eq(workouts.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.delete(rateLimits).where(
      or(
        eq(rateLimits.key, passwordKey(user.id)),
        // The save limit and the per-username login delay (docs/decisions/0031, 0035).
        eq(rateLimits.key, `save:${user.id}`),
        eq(rateLimits.key, `login-user:${user.username.toLowerCase()}`),
        like(rateLimits.key, `login:${escapeLike(user.username.toLowerCase())}:%`),
      ),
    );
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every stored field of the user but the password hash, and every workout, oldest first. */
export async function exportAccount(db: Db, user: UserRow): Promise<AccountExport> {
  // A moderator's hide is part of the member's data: exported with its reason.
  const rows = await db
    .select({
      ...publicColumns,
      hiddenReason: hiddenWorkouts.reason,
      hiddenAt: hiddenWorkouts.hiddenAt,
    })
    .from(workouts)
    .leftJoin(hiddenWorkouts, eq(hiddenWorkouts.workoutId, workouts.id))
    .where(eq(workouts.userId, user.id))
    .orderBy(asc(workouts.createdAt), asc(workouts.id));
  return {
    user: toUserDto(user),
    workouts: rows.map(toWorkoutDto),
    clips: await exportClips(db, user.id),
  };
}

// Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field per RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A note as a spreadsheet may safely read it: one starting like a formula gets a leading '. */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The workouts as CSV (RFC 4180: CRLF line ends, header first). */
export function workoutsCsv(data: AccountExport): string {
  const lines = [EXPORT_CSV_HEADER.join(',')];
  for (const w of data.workouts) {
    lines.push(
      [
        csvField(w.id),
        csvField(legacyScoreOf(w)),
        csvField(w.notes === null ? null : neutraliseFormula(w.notes)),
        csvField(w.createdAt),
        csvField(w.challenge),
        csvField(w.score),
        csvField(w.tier),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** fitbench-{username}-{yyyy-mm-dd}.{ext}, the date in UTC. */
export const exportFileName = (username: string, now: Date, ext: 'json' | 'csv') =>
  `fitbench-${username}-${now.toISOString().slice(0, 10)}.${ext}`;
