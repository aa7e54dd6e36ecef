import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '@common/constants';
import type { Db } from '../db/client';
import type { SessionCache } from './session-cache';
import { sessions, users } from '../db/schema';
import { newToken, sha256Hex } from './tokens';

const DAY = 86_400_000;
export const SESSION_MAX_AGE_S = SESSION_ABSOLUTE_DAYS * 86_400;
// Refresh lastSeenAt at most this often, so reads do not each cost a write.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  userAgent: string | null = null,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    userAgent,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY),
    lastSeenAt: now,
  });
  // Opportunistic clean-up of this user's dead sessions.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, now),
          lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY)),
        ),
      ),
    );
  return token;
}

// The lookup every signed-in request makes, built once per database as a prepared query: drizzle
// skips building the SQL, and PostgreSQL plans it once per connection.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('fitbench_session_lookup');
}

/**
 * The session behind a token and its member, or null. With a cache (server/src/lib/session-cache.ts)
 * a known session costs no query: expiry and idle time are checked from the cached row, and the
 * last-seen touch (at most once a minute) updates it too.
 */
export async function validateSession(db: Db, token: string, now: Date, cache?: SessionCache) {
  const id = sha256Hex(token);
  const load = async () => {
    let lookup = lookups.get(db);
    if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
    return (await lookup.execute({ id }))[0];
  };
  const row = cache ? await cache.getOrLoad(id, load) : await load();
  if (!row) return null;
  const { session, user } = row;
  // A suspension deletes the member's sessions; one read just before it is refused all the same.
  if (user.suspendedAt) return null;
  const idleLimit = session.lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY;
  if (now >= session.expiresAt || now.getTime() >= idleLimit) {
    cache?.drop(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    // The cached row is what the database now holds (the touch is not announced).
    session.lastSeenAt = now;
  }
  return { sessionId: id, user };
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/** The user's sessions that are still alive, newest first; `id` is the row key (the token's hash). */
export async function listLiveSessions(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY)),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.lastSeenAt));
}

/** Ends one of the user's sessions by its public id; false when the user has no such session. */
export async function deleteSessionByPublicId(db: Db, userId: number, publicId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but the one whose token is `keepToken`. */
export async function deleteOtherSessions(db: Db, userId: number, keepToken: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sha256Hex(keepToken))));
}
