import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * SQL source files (server/src/db/sql/) applied after the migrations, with the SHA-256 of the text
 * last applied: an unchanged file is not run again. See server/src/db/sql-sources.ts.
 */
export const sqlSources = pgTable('sql_sources', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Mail waiting to go out, and what happened to it: a worker in every instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two instances never send one at once
 * (docs/decisions/0110-mail-queue-in-the-database.md). Bodies are emptied once a message is sent or
 * given up (they may hold a link that signs in).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Extra headers (List-Unsubscribe on what is not about the account's security).
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // The same Message-ID on every attempt, so a receiver can drop a repeat.
    messageId: text('message_id').notNull(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    // A claiming worker's lease: nobody else takes the row before then.
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);
