import { and, count, eq, sql } from 'drizzle-orm';
import type {
  PushSubscriptionBody,
  ReminderSettings,
  ReminderSettingsResponse,
} from '@common/schemas/reminders';
import type { Db } from '../../db/client';
import { pushSubscriptions, reminderSettings } from '../../db/schema';

// The member's reminder settings and devices (docs/decisions/0234-reminders.md).

/** What a member has before choosing anything: everything off. */
export const DEFAULT_SETTINGS: ReminderSettings = {
  planDays: false,
  weeklyGoal: false,
  time: '18:00',
  email: true,
  push: false,
};

export async function getSettings(db: Db, userId: number): Promise<ReminderSettingsResponse> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const settings = row
    ? {
        planDays: row.planDays,
        weeklyGoal: row.weeklyGoal,
        time: row.localTime,
        email: row.byEmail,
        push: row.byPush,
      }
    : DEFAULT_SETTINGS;
  return { ...settings, devices: Number(devices?.n ?? 0) };
}

export async function putSettings(db: Db, userId: number, s: ReminderSettings, now: Date) {
  const values = {
    planDays: s.planDays,
    weeklyGoal: s.weeklyGoal,
    localTime: s.time,
    byEmail: s.email,
    byPush: s.push,
    updatedAt: now,
    // The job works out the next time at its next pass (./reminder-job.ts).
    nextAt: sql`'-infinity'`,
  };
  await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
}

/** The one-click unsubscribe: both kinds off (the row stays, with its time and channels). */
export async function turnOff(db: Db, userId: number, now: Date) {
  await db
    .update(reminderSettings)
    .set({ planDays: false, weeklyGoal: false, updatedAt: now })
    .where(eq(reminderSettings.userId, userId));
}

/** A device's subscription; an endpoint already known moves to this member with the new keys. */
export async function addSubscription(db: Db, userId: number, sub: PushSubscriptionBody) {
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Deletes the member's subscription with this endpoint; false when they have none. */
export async function removeSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
