import { and, desc, eq, sql } from 'drizzle-orm';
import { badgeName } from '@common/badges';
import type { CatalogueEntry } from '@common/challenges';
import type { Achievements, Badge, BadgeKind } from '@common/schemas/badges';
import { localDayNumber, streaksOf } from '@common/streaks';
import { sqlState, type Db } from '../../db/client';
import { memberBadges, users, workouts } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { notHidden } from '../workouts';

// Badges and streaks (docs/decisions/0231-badges-earned-on-the-server.md,
// docs/decisions/0232-streaks.md). Most badges are earned by the trigger in
// server/src/db/sql/badges.sql as sets are saved; a finished plan's by awardPlanFinished.

/**
 * Records that the member finished the plan `planId` of `challenge` (the plans code calls it when
 * a plan ends). Once per plan: true when this call earned it, false when it was already earned.
 */
export async function awardPlanFinished(
  db: Db,
  userId: number,
  planId: number,
  challenge: string,
): Promise<boolean> {
  const rows = await db
    .insert(memberBadges)
    .values({ userId, badge: 'plan-finished', subject: `plan:${planId}`, challenge })
    .onConflictDoNothing()
    .returning({ userId: memberBadges.userId });
  return rows.length > 0;
}

/** The member's badges, newest first, named from the catalogue. */
export async function badgesOf(
  db: Db,
  userId: number,
  entries: readonly CatalogueEntry[],
): Promise<Badge[]> {
  const rows = await db
    .select({
      badge: memberBadges.badge,
      challenge: memberBadges.challenge,
      earnedAt: memberBadges.earnedAt,
    })
    .from(memberBadges)
    .where(eq(memberBadges.userId, userId))
    .orderBy(desc(memberBadges.earnedAt), memberBadges.badge, memberBadges.subject);
  return rows.map((r) => {
    const badge = r.badge as BadgeKind;
    return {
      badge,
      challenge: r.challenge,
      name: badgeName(badge, r.challenge, entries),
      earnedAt: r.earnedAt.toISOString(),
    };
  });
}

// 22023 invalid_parameter_value: PostgreSQL's zone list lacks a name Intl knew.
const isUnknownZoneError = (err: unknown) => sqlState(err) === '22023';

/** The member's local days with a set (not hidden), as days since 1970-01-01 in `tz`. */
async function setDays(db: Db, userId: number, tz: string): Promise<number[]> {
  const day = sql<number>`((${workouts.createdAt} at time zone ${tz})::date - date '1970-01-01')`;
  const rows = await db
    .selectDistinct({ day: day.mapWith(Number) })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), notHidden(workouts.id)));
  return rows.map((r) => r.day);
}

type Member = { id: number; weeklyGoal: number; timeZone: string | null };

/** A member's badges and both streaks, in their stored zone (UTC without one). */
export async function getAchievements(
  db: Db,
  member: Member,
  now: Date,
  entries: readonly CatalogueEntry[],
): Promise<Achievements> {
  let tz = member.timeZone ?? 'UTC';
  const days = await setDays(db, member.id, tz).catch((err: unknown) => {
    if (!isUnknownZoneError(err)) throw err;
    tz = 'UTC';
    return setDays(db, member.id, tz);
  });
  const badges = await badgesOf(db, member.id, entries);
  return { badges, streaks: streaksOf(days, localDayNumber(now, tz), member.weeklyGoal) };
}

/**
 * A member's achievements as anyone may see them: a 404 for a suspended member, and for a private
 * one unless the viewer is that member (as GET /api/users/:username).
 */
export async function getPublicAchievements(
  db: Db,
  username: string,
  viewerId: number | null,
  now: Date,
  entries: readonly CatalogueEntry[],
): Promise<Achievements> {
  const [user] = await db
    .select({
      id: users.id,
      weeklyGoal: users.weeklyGoal,
      timeZone: users.timeZone,
      isPrivate: users.isPrivate,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!user || user.suspendedAt !== null || (user.isPrivate && user.id !== viewerId)) {
    throw notFound('User not found.');
  }
  return getAchievements(db, user, now, entries);
}
