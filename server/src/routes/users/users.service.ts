import { eq, sql } from 'drizzle-orm';
import { PUBLIC_PROFILE_WORKOUTS, type PublicProfile } from '@common/schemas/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toPublicUserDto } from '../../lib/auth';
import type { BoardCache } from '../../lib/board-cache';
import { notFound } from '../../lib/errors';
import { getStats, listWorkouts } from '../workouts/workouts.service';

// Built once per database as prepared queries (the profile is a hot public read).
const lookups = new WeakMap<Db, ReturnType<typeof prepareByName>>();
function prepareByName(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, sql.placeholder('name')))
    .limit(1)
    .prepare('fitbench_user_by_name');
}

/**
 * A user's public profile; the username matches without regard to case. A private member's is a
 * 404 for everyone but themselves (docs/decisions/0045-privacy-settings.md). With the board cache
 * given, the profile is kept there: it is made of a member's row and workouts, whose every change
 * empties that cache (server/src/lib/board-cache.ts), so it is never served stale.
 */
export async function getPublicProfile(
  db: Db,
  username: string,
  viewerId: number | null,
  cache?: BoardCache,
): Promise<PublicProfile> {
  const name = username.toLowerCase();
  // An unknown name throws inside the load, so it is not kept (guessing names fills nothing).
  const found = cache
    ? await cache.getOrLoad(`profile:${name}`, () => loadProfile(db, name))
    : await loadProfile(db, name);
  if (found.isPrivate && found.id !== viewerId) throw notFound('User not found.');
  return found.profile;
}

async function loadProfile(db: Db, name: string) {
  let byName = lookups.get(db);
  if (!byName) lookups.set(db, (byName = prepareByName(db)));
  const rows = await byName.execute({ name });
  const user = rows[0];
  if (!user) throw notFound('User not found.');
  const [stats, page] = await Promise.all([
    getStats(db, user.id),
    listWorkouts(db, user.id, { limit: PUBLIC_PROFILE_WORKOUTS }),
  ]);
  // Public fields only: no email, no hash, no notes; age and gender only when shown.
  const profile: PublicProfile = {
    user: toPublicUserDto(user),
    stats,
    workouts: page.items.map(({ notes: _notes, ...w }) => w),
  };
  return { id: user.id, isPrivate: user.isPrivate, profile };
}
