import { sql } from 'drizzle-orm';
import {
  check,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import {
  WEEKLY_GOAL_DEFAULT,
  WEEKLY_GOAL_MAX,
  WEEKLY_GOAL_MIN,
} from '../../../../common/constants';
import type { AnyLanguage } from '../../../../common/languages';
import { createdAt, num } from './columns';

/** A member's id, the row gone with the account. (`users` is read when the table is built.) */
export const memberId = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // An Argon2id PHC string, never the password itself.
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    age: integer('age'),
    gender: text('gender'),
    profilePicture: text('profile_picture'),
    // On no board that others see and no public profile (docs/decisions/0045-privacy-settings.md).
    isPrivate: boolean('is_private').notNull().default(false),
    // When false, public responses carry age and gender as null.
    showAgeGender: boolean('show_age_gender').notNull().default(true),
    createdAt: createdAt(),
    // Sessions a week the member aims for; see docs/decisions/0053-weekly-goal.md.
    weeklyGoal: integer('weekly_goal').notNull().default(WEEKLY_GOAL_DEFAULT),
    // When the member followed a confirmation link sent to `email`; null: not confirmed
    // (docs/decisions/0111-account-email-tokens.md).
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    // An email when the account is signed in from a device it was never signed in from.
    newDeviceNotices: boolean('new_device_notices').notNull().default(true),
    // Whether the member's proof clips may be watched by anyone who sees the set (false: only by
    // the member, and moderators). docs/decisions/0121-proof-clips.md.
    clipsPublic: boolean('clips_public').notNull().default(false),
    // 'moderator' may use /api/moderation/* (granted by `npm run moderator -- grant USERNAME`);
    // see docs/decisions/0150-moderation.md.
    role: text('role').notNull().default('member'),
    // Set while a moderator has suspended the member: no sessions, off every board and public page,
    // and sign-in refused with the reason (docs/decisions/0152-suspensions.md).
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedReason: text('suspended_reason'),
    // The member's IANA time zone, sent by their browser (docs/decisions/0220-the-members-time-zone.md):
    // their streaks' days and weeks and their reminders' local time. null: not known yet (UTC).
    timeZone: text('time_zone'),
    // The language the member chose (common/languages.ts); null: their browser's Accept-Language.
    // Checked by the API, not here, so a new language needs no migration (docs/decisions/0281).
    language: text('language').$type<AnyLanguage>(),
  },
  (t) => [
    // docs/product.md#accounts: unique without regard to case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // One account per confirmed address; unconfirmed accounts may share one until an account
    // confirms it (docs/decisions/0112-confirmed-addresses.md).
    uniqueIndex('users_confirmed_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`email_confirmed_at is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    check(
      'users_weekly_goal_range',
      sql`${t.weeklyGoal} between ${num(WEEKLY_GOAL_MIN)} and ${num(WEEKLY_GOAL_MAX)}`,
    ),
    check('users_role', sql`${t.role} in ('member', 'moderator')`),
    check('users_time_zone_length', sql`char_length(${t.timeZone}) between 1 and 64`),
    check('users_language_length', sql`char_length(${t.language}) between 2 and 16`),
    check(
      'users_suspended_reason',
      sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the random token in the cookie: a leaked table cannot be replayed.
    id: text('id').primaryKey(),
    userId: memberId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    // The id the sessions list shows: random, neither the cookie's token nor its hash.
    publicId: uuid('public_id').notNull().defaultRandom(),
    // The User-Agent at sign-in (cut to 512 characters), shown as "Chrome on Android".
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Links sent by email (password reset, address confirmation): the SHA-256 of the random token, as
 * sessions keep theirs. One per member and purpose (a new one replaces the old); deleted when used.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: memberId(),
    purpose: text('purpose').notNull(),
    // The address a confirmation link confirms (the account's own, or a new one it changes to).
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * The kinds of device ("Chrome on Android") each member has signed in from: a sign-in from a kind
 * not in the list sends a notice (unless the member turned them off).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: memberId(),
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);
