import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    createdAt: createdAt(),
  },
  (t) => [
    // Decision 12: unique without regard to case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the random token in the cookie: a leaked table cannot be replayed.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const workouts = pgTable(
  'workouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushups: integer('pushups').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    // Decision 11: a retried save with the same key returns the first result.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
  },
  (t) => [
    uniqueIndex('workouts_user_idem_idx').on(t.userId, t.idempotencyKey),
    index('workouts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('workouts_created_idx').on(t.createdAt),
    check('workouts_pushups_range', sql`${t.pushups} between 1 and 300`),
  ],
);
