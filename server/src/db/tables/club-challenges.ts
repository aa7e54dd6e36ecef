import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';
import { clubs } from './social';

/**
 * A club's challenges (docs/decisions/0258-club-challenges.md): one of the open challenges over
 * calendar days, first and last included, read in each member's own zone
 * (docs/decisions/0259-club-challenge-days.md); a target or none. No results are kept: the board
 * and the result are read from the members' sets, so privacy and suspensions hold at every read.
 * Gone with the club; the admin who set it may go (created_by null).
 */
export const clubChallenges = pgTable(
  'club_challenges',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    target: integer('target'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A club's list, newest ends first.
    index('club_challenges_club_idx').on(t.clubId, t.endDate),
    check('club_challenges_days', sql`${t.endDate} >= ${t.startDate}`),
    check('club_challenges_target', sql`${t.target} is null or ${t.target} > 0`),
  ],
);
