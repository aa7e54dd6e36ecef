import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import {
  CLUB_DESCRIPTION_MAX,
  CLUB_NAME_MAX,
  CLUB_NAME_MIN,
  CLUB_ROLES,
  CLUB_VISIBILITIES,
} from '../../../../common/schemas/clubs';
import { createdAt, num, oneOf } from './columns';
import { memberId, users } from './members';

/**
 * Clubs: a group of members with its own board (docs/decisions/0164-clubs.md). The slug is the
 * club's address (/clubs/{slug}); an invite-only club is found by its members and by whoever holds
 * its invite code, kept as the SHA-256 of the random code (server/src/lib/tokens.ts), like sessions.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').notNull(),
    inviteCodeHash: text('invite_code_hash').notNull(),
    // Null once the creator's account is gone: the club stays with its other members.
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Set while a moderator has removed the club: it is gone for everyone, and an undo brings it
    // back as it was (docs/decisions/0180-moderators-remove-clubs.md).
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    uniqueIndex('clubs_slug_idx').on(t.slug),
    uniqueIndex('clubs_invite_code_hash_idx').on(t.inviteCodeHash),
    index('clubs_name_lower_idx').on(sql`lower(${t.name})`),
    check('clubs_visibility', sql`${t.visibility} in (${oneOf(CLUB_VISIBILITIES)})`),
    check(
      'clubs_name_length',
      sql`char_length(${t.name}) between ${num(CLUB_NAME_MIN)} and ${num(CLUB_NAME_MAX)}`,
    ),
    check(
      'clubs_description_length',
      sql`char_length(${t.description}) <= ${num(CLUB_DESCRIPTION_MAX)}`,
    ),
    check('clubs_removed_reason', sql`(${t.removedAt} is null) = (${t.removedReason} is null)`),
  ],
);

/** Who is in which club. Gone with the club or the account. */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: memberId(),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'club_members_pk', columns: [t.clubId, t.userId] }),
    // A member's clubs (their list, the limit per member).
    index('club_members_user_idx').on(t.userId),
    check('club_members_role', sql`${t.role} in (${oneOf(CLUB_ROLES)})`),
  ],
);

/**
 * Members a club's admin removed (docs/decisions/0208-club-removal-is-recorded.md): one of them
 * cannot join the club again, with its code or without, until an admin lets them back in (which
 * deletes the row). Gone with the club or the account.
 */
export const clubRemovals = pgTable(
  'club_removals',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: memberId(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'club_removals_pk', columns: [t.clubId, t.userId] })],
);

/**
 * Who follows whom (docs/decisions/0161-following.md): no approval, a public member only (checked
 * by the API), gone with either account. A member who goes private stays in the rows and leaves
 * every list, count and board at read time, so going public again brings them back.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: memberId('follower_id'),
    followeeId: memberId('followee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'follows_pk', columns: [t.followerId, t.followeeId] }),
    // The lists, newest first, and their pages (the key's last column breaks ties).
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc(), t.followeeId.desc()),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt.desc(), t.followerId.desc()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
