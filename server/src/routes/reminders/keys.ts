import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { reminderKeys } from '../../db/schema';

// The reminders' keys, made at first start and kept in the database (one row, id 1): the VAPID
// pair that signs pushes, and the secret of the unsubscribe links. docs/decisions/0236-web-push-keys.md

export interface ReminderKeys {
  vapidPublic: string;
  vapidPrivate: string;
  tokenSecret: string;
}

/**
 * The row, made if missing. Two instances starting together may both make a pair; the insert that
 * comes second does nothing (`on conflict`), and both read the one row that stays.
 */
export async function ensureReminderKeys(db: Db): Promise<ReminderKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(reminderKeys)
    .values({
      id: 1,
      vapidPublic: made.publicKey,
      vapidPrivate: made.privateKey,
      tokenSecret: randomBytes(32).toString('base64url'),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(reminderKeys).where(eq(reminderKeys.id, 1));
  return {
    vapidPublic: row!.vapidPublic,
    vapidPrivate: row!.vapidPrivate,
    tokenSecret: row!.tokenSecret,
  };
}

const mac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`reminders-off:${userId}`).digest('base64url').slice(0, 32);

/** The unsubscribe token of a member: their id and an HMAC of it (no expiry: old mail keeps working). */
export const unsubscribeToken = (secret: string, userId: number) =>
  `${userId}.${mac(secret, userId)}`;

/** The member a token names, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}
