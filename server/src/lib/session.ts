import { and, eq, lt, or } from 'drizzle-orm';
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '@common/constants';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { newToken, sha256Hex } from './tokens';

const DAY = 86_400_000;
export const SESSION_MAX_AGE_S = SESSION_ABSOLUTE_DAYS * 86_400;
// Refresh lastSeenAt at most this often, so reads do not each cost a write.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
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

export async function validateSession(db: Db, token: string, now: Date) {
  const id = sha256Hex(token);
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { session, user } = row;
  const idleLimit = session.lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY;
  if (now >= session.expiresAt || now.getTime() >= idleLimit) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user };
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}
