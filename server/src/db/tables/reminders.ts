import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { memberId, users } from './members';

// ---------------------------------------------------------------------------------------------
// Reminders (migration 0031; docs/decisions/0234-reminders.md to 0237)
// ---------------------------------------------------------------------------------------------

/** A member's reminder settings; no row: reminders off. `local_time` is HH:MM outside 22:00-07:00. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planDays: boolean('plan_days').notNull().default(false),
    weeklyGoal: boolean('weekly_goal').notNull().default(false),
    localTime: text('local_time').notNull().default('18:00'),
    byEmail: boolean('by_email').notNull().default(true),
    byPush: boolean('by_push').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When the job next looks at this member (their reminder time, in their zone, of the next day
     * not yet looked at); '-infinity': at its next pass (new settings, a new zone). The job reads
     * only rows due, by the index (docs/decisions/0303-reminders-read-only-members-due.md).
     */
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    index('reminder_settings_next_at_idx').on(t.nextAt),
    check(
      'reminder_settings_local_time',
      sql`${t.localTime} ~ '^(0[7-9]|1[0-9]|2[01]):[0-5][0-9]$'`,
    ),
  ],
);

/**
 * One row per member and local date once the job has looked at that day (kind 'none': nothing to
 * remind of). The primary key is what makes a reminder go once, whichever instance gets there.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: memberId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reminder_sends_pk', columns: [t.userId, t.localDate] }),
    check('reminder_sends_kind', sql`${t.kind} in ('plan', 'weekly-goal', 'none')`),
  ],
);

/** A browser's push subscription (one per device); deleted when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: memberId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A push waiting to go to one device (migration 0044; docs/decisions/0311-push-retries.md): queued
 * with the reminder or digest that makes it, taken by one instance per attempt (FOR UPDATE SKIP
 * LOCKED and a lease, as the mail queue), retried after a transient failure; deleted once sent or
 * given up. The payload is said in the member's language when queued.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('push_queue_due_idx').on(t.nextAttemptAt),
    index('push_queue_subscription_idx').on(t.subscriptionId),
  ],
);

/** The one row of keys made at first start: the VAPID pair and the unsubscribe links' HMAC secret. */
export const reminderKeys = pgTable(
  'reminder_keys',
  {
    id: integer('id').primaryKey(),
    vapidPublic: text('vapid_public').notNull(),
    vapidPrivate: text('vapid_private').notNull(),
    tokenSecret: text('token_secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('reminder_keys_one_row', sql`${t.id} = 1`)],
);
