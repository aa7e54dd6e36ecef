import { eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '@common/schemas/auth';
import { suspendedMessage } from '@common/schemas/moderation';
import { isUniqueViolation, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, HttpError, tooManyRequestsSaying } from '../../lib/errors';
import {
  argon2Limiter,
  burnVerify,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../lib/password';
import { addressKey } from '../../lib/client-address';
import * as rateLimit from '../../lib/rate-limit';

export interface AuthLimits {
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginWindowMs: number;
  registerMax: number;
  registerWindowMs: number;
}

/**
 * Failed logins for one username, from all addresses: free at first, then a growing delay
 * between attempts (never a hard lock). docs/decisions/0031-login-throttles-and-passwords.md
 */
export const USERNAME_DELAY = { free: 5, baseMs: 1_000, maxMs: 60_000, windowMs: 15 * 60_000 };

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose another one.';

export async function register(
  db: Db,
  input: RegisterInput,
  ip: string,
  now: Date,
  limits: AuthLimits,
) {
  argon2Limiter.refuseIfFull();
  const window = await rateLimit.hit(
    db,
    `register:${addressKey(ip)}`,
    limits.registerWindowMs,
    now,
  );
  if (window.count > limits.registerMax) {
    const after = rateLimit.retryAfterSeconds(window, now);
    throw tooManyRequestsSaying(
      'Too many registrations from your network. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: [COMMON_PASSWORD_MESSAGE] });
  }
  // A taken username is said (usernames are public); a taken email is not: the account is
  // created all the same and the address's holder is told by email instead
  // (docs/decisions/0112-confirmed-addresses.md).
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
  if (taken.length > 0)
    throw conflict('That username is already taken.', {
      username: ['That username is already taken.'],
    });

  const passwordHash = await hashPassword(input.password);
  try {
    const rows = await db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, createdAt: now })
      .returning();
    return rows[0]!;
  } catch (err) {
    // Two registrations raced past the check above; the unique index decides.
    if (isUniqueViolation(err))
      throw conflict('That username is already taken.', {
        username: ['That username is already taken.'],
      });
    throw err;
  }
}

export class LoginRefused extends HttpError {}

/** Why a login was refused before its password was checked, for the auth log. */
export type Lockout = 'username-and-address' | 'address' | 'username';

/**
 * Signs in. Every throttle counts the attempt *before* the password is checked, each in one
 * atomic statement, so parallel guesses cannot slip past a limit; a success gives the counts back.
 * `onLockout` hears of each refusal by a throttle.
 */
export async function login(
  db: Db,
  input: LoginInput,
  ip: string,
  now: Date,
  limits: AuthLimits,
  onLockout: (why: Lockout) => void = () => undefined,
) {
  // A full hashing queue answers 503 before any throttle is counted or any row read: under a
  // flood the refusals cost no database work (docs/decisions/0032-argon2-queue.md).
  argon2Limiter.refuseIfFull();
  const name = input.username.toLowerCase();
  const address = addressKey(ip);
  const pairKey = `login:${name}:${address}`;
  const addressKeyName = `login-ip:${address}`;
  const userKey = `login-user:${name}`;
  const counted: string[] = [];
  const giveBack = async () => {
    for (const key of counted) await rateLimit.refund(db, key);
  };
  const refuse = async (
    why: Lockout,
    after: number,
    message: string,
    values: Record<string, number>,
  ) => {
    await giveBack();
    onLockout(why);
    throw tooManyRequestsSaying(message, values, after);
  };

  const pair = await rateLimit.hit(db, pairKey, limits.loginWindowMs, now);
  if (pair.count > limits.loginMaxFailures) {
    const after = rateLimit.retryAfterSeconds(pair, now);
    // Not given back: beyond the limit the count only says how hard it is being tried.
    onLockout('username-and-address');
    throw tooManyRequestsSaying(
      'Too many failed sign-in attempts. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
      after,
    );
  }
  counted.push(pairKey);
  const byAddress = await rateLimit.hit(db, addressKeyName, limits.loginWindowMs, now);
  counted.push(addressKeyName);
  if (byAddress.count > limits.loginIpMaxFailures) {
    const after = rateLimit.retryAfterSeconds(byAddress, now);
    await refuse(
      'address',
      after,
      'Too many failed sign-in attempts from your network. Please try again in {minutes} minutes.',
      { minutes: minutes(after) },
    );
  }
  const wait = await rateLimit.reserveWithDelay(db, userKey, USERNAME_DELAY, now);
  if (wait !== null) {
    await refuse(
      'username',
      wait,
      'Too many failed sign-in attempts for this account. Please try again in {seconds} seconds.',
      { seconds: wait },
    );
  }
  counted.push(userKey);

  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, name))
    .limit(1);
  const user = rows[0];
  let ok: boolean;
  try {
    ok = user
      ? await verifyPassword(user.passwordHash, input.password)
      : (await burnVerify(input.password), false);
  } catch (err) {
    // The hashing queue is full (503): the password was not tried, so nothing is counted.
    await giveBack();
    throw err;
  }
  if (!user || !ok) {
    // docs/product.md#failed-logins: the same status and body whether the user exists or not.
    throw new LoginRefused(401, 'Invalid username or password.');
  }
  // Told only to whoever knows the password (docs/decisions/0152-suspensions.md). The counts are
  // given back: a right password is not a guess.
  if (user.suspendedAt) {
    await giveBack();
    throw new LoginRefused(403, suspendedMessage(user.suspendedReason ?? ''));
  }
  await rateLimit.clear(db, pairKey);
  await rateLimit.refund(db, addressKeyName);
  await rateLimit.refund(db, userKey);
  return user;
}
