import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberId } from './members';

// ---- Where you stand (docs/decisions/0221-where-you-stand.md) ---------------------------------

/**
 * Each member's all-time best rank value per challenge, among all their counted sets and among
 * their verified ones (`verified`), with the age band and gender they are counted under ('' when
 * unknown). Private members are here too (counted, never shown); hidden sets and suspended members
 * are not. Kept by the triggers of server/src/db/sql/standing.sql.
 */
export const standingBests = pgTable(
  'standing_bests',
  {
    userId: memberId(),
    challenge: text('challenge').notNull(),
    verified: boolean('verified').notNull(),
    rankValue: integer('rank_value').notNull(),
    score: integer('score').notNull(),
    capped: boolean('capped').notNull(),
    band: text('band').notNull(),
    gender: text('gender').notNull(),
  },
  (t) => [primaryKey({ name: 'standing_bests_pk', columns: [t.userId, t.challenge, t.verified] })],
);

/** How many members' bests (standing_bests) have each rank value, per challenge, kind, band and gender. */
export const standingCounts = pgTable(
  'standing_counts',
  {
    challenge: text('challenge').notNull(),
    verified: boolean('verified').notNull(),
    band: text('band').notNull(),
    gender: text('gender').notNull(),
    rankValue: integer('rank_value').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'standing_counts_pk',
      columns: [t.challenge, t.verified, t.band, t.gender, t.rankValue],
    }),
  ],
);
