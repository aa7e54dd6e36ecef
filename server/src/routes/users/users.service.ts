import { eq, sql } from 'drizzle-orm';
import { PUBLIC_PROFILE_WORKOUTS, type PublicProfile } from '@common/schemas/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toPublicUserDto } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { getStats, listWorkouts } from '../workouts/workouts.service';

/** A user's public profile; the username matches without regard to case (docs/product.md#accounts). */
export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  const user = rows[0];
  if (!user) throw notFound('User not found.');
  const [stats, page] = await Promise.all([
    getStats(db, user.id),
    listWorkouts(db, user.id, { limit: PUBLIC_PROFILE_WORKOUTS }),
  ]);
  // docs/product.md#what-responses-contain: public fields only (no email, no hash).
  return { user: toPublicUserDto(user), stats, workouts: page.items };
}
