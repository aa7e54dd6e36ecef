import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownDevices } from '../db/schema';

/**
 * Records that the member signed in from this kind of device. True when it is a new kind for an
 * account that already had one (the very first, at registration or the first sign-in after this
 * was added, is not "new").
 */
export async function rememberDevice(
  db: Db,
  userId: number,
  device: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, device, firstSeenAt: now })
    .onConflictDoNothing()
    .returning({ device: knownDevices.device });
  if (inserted.length === 0) return false;
  const others = await db
    .select({ device: knownDevices.device })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.device, device)))
    .limit(1);
  return others.length > 0;
}
