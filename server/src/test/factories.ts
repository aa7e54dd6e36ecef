import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@common/constants';
import type { App } from '../app';
import { users, workouts } from '../db/schema';
import { hashPassword } from '../lib/password';
import { createSession } from '../lib/session';

let seq = 0;
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = 'correct-horse-7';

export interface MadeUser {
  id: number;
  username: string;
  email: string;
  cookie: string;
  /** Headers that sign a request in as this user. */
  headers: { cookie: string };
}

/** Inserts a user directly and gives them a session (faster than going through /register). */
export async function createUser(
  app: App,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<MadeUser> {
  seq += 1;
  const tag = `${seq}${randomBytes(3).toString('hex')}`;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const [row] = await app.db
    .insert(users)
    .values({
      username: `user${tag}`,
      email: `user${tag}@example.com`,
      passwordHash: await cachedHash,
      // Registered well before the app's clock (tests often set it back), so workouts dated
      // "now" or days back are never before the owner joined.
      createdAt: new Date(app.now().getTime() - 365 * 86_400_000),
      ...overrides,
    })
    .returning();
  const token = await createSession(app.db, row!.id, app.now());
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { id: row!.id, username: row!.username, email: row!.email, cookie, headers: { cookie } };
}

/**
 * A set written straight to the database: a push-up set of 20 unless `values` says otherwise;
 * `pushups` is a push-up set's score under its first name.
 */
export async function createWorkout(
  app: App,
  userId: number,
  { pushups, ...values }: Partial<typeof workouts.$inferInsert> & { pushups?: number } = {},
) {
  const [row] = await app.db
    .insert(workouts)
    // Received when it claims to have been done, unless a test says otherwise (ties on the boards
    // are broken by received_at).
    .values({
      userId,
      score: pushups ?? 20,
      createdAt: app.now(),
      receivedAt: values.createdAt ?? app.now(),
      // A verified set is a recounted one (verified = the tier is recounted or reviewed).
      ...(values.verified && !values.tier ? { tier: 'recounted' } : {}),
      ...values,
    })
    .returning();
  return row!;
}

export async function deleteUser(app: App, id: number) {
  await app.db.delete(users).where(eq(users.id, id));
}

/** The session cookie from a response's Set-Cookie, as a Cookie header value. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find(
    (c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`__Host-${SESSION_COOKIE}=`),
  );
  if (!found) throw new Error('no session cookie in response');
  return found.split(';')[0]!;
}
