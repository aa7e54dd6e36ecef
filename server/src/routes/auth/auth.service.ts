import { eq, or, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '@common/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, HttpError, tooManyRequests } from '../../lib/errors';
import { burnVerify, hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import * as rateLimit from '../../lib/rate-limit';

export interface AuthLimits {
  loginMaxFailures: number;
  loginWindowMs: number;
  registerMax: number;
  registerWindowMs: number;
}

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function register(db: Db, input: RegisterInput, ip: string, now: Date, limits: AuthLimits) {
  const window = await rateLimit.hit(db, `register:${ip}`, limits.registerWindowMs, now);
  if (window.count > limits.registerMax) {
    const after = rateLimit.retryAfterSeconds(window, now);
    throw tooManyRequests(
      `Too many registrations from your network. Please try again in ${minutes(after)} minutes.`,
      after,
    );
  }
  if (isCommonPassword(input.password)) {
    throw badRequest('This password is too common. Please choose a less guessable one.', {
      password: ['This password is too common. Please choose a less guessable one.'],
    });
  }
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, input.username.toLowerCase()),
        eq(sql`lower(${users.email})`, input.email.toLowerCase()),
      ),
    );
  const nameTaken = taken.some((t) => t.username.toLowerCase() === input.username.toLowerCase());
  if (nameTaken) throw conflict('That username is already taken.', { username: ['That username is already taken.'] });
  if (taken.length > 0) throw conflict('An account with that email already exists.', { email: ['An account with that email already exists.'] });

  const passwordHash = await hashPassword(input.password);
  try {
    const rows = await db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, createdAt: now })
      .returning();
    return rows[0]!;
  } catch (err) {
    // Two registrations raced past the check above; the unique index decides.
    if (isUniqueViolation(err)) throw conflict('That username or email is already taken.');
    throw err;
  }
}

export async function login(db: Db, input: LoginInput, ip: string, now: Date, limits: AuthLimits) {
  const key = `login:${input.username.toLowerCase()}:${ip}`;
  const window = await rateLimit.peek(db, key, now);
  if (window && window.count >= limits.loginMaxFailures) {
    const after = rateLimit.retryAfterSeconds(window, now);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes(after)} minutes.`,
      after,
    );
  }
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  const user = rows[0];
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnVerify(input.password), false);
  if (!user || !ok) {
    await rateLimit.hit(db, key, limits.loginWindowMs, now);
    // docs/product.md#failed-logins: the same status and body whether the user exists or not.
    throw new HttpError(401, 'Invalid username or password.');
  }
  await rateLimit.clear(db, key);
  return user;
}
