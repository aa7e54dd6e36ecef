import { sql } from 'drizzle-orm';
import {
  slugOf,
  type ClubDetail,
  type ClubList,
  type ClubMember,
  type ClubRole,
  type ClubSummary,
  type ClubVisibility,
  REMOVED_FROM_CLUB,
  type CreateClub,
  type CreatedClub,
} from '@common/schemas/clubs';
import { rowsOf, isUniqueViolation, type Db } from '../../db/client';
import type { BoardCache } from '../leaderboard';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { newToken, sha256Hex } from '../../lib/tokens';

// Clubs: docs/decisions/0164-clubs.md. Who may see what:
// - a public club is seen by anyone; an invite-only one by its members, and by whoever holds its
//   current invite code (to join it); to anyone else it does not exist (404);
// - a private member is listed, and ranked, only for the club's own members; a suspended one is
//   listed for the club's admins only (and ranked nowhere);
// - a club a moderator removed is gone for everyone, its members too (404, and out of every list),
//   until a moderator restores it (docs/decisions/0180-moderators-remove-clubs.md).

export interface ClubLimits {
  clubsPerMember: number;
  membersPerClub: number;
}

interface ClubRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  visibility: ClubVisibility;
  created_at: Date | string;
  invite_code_hash: string;
  member_count: number | string;
  my_role: ClubRole | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export const NO_CLUB = 'No such club, or the invite link is not valid any more.';
const forbidden = (message: string) => new HttpError(403, message);

/** The club with the viewer's role, or null when there is none by that slug (or it is removed). */
// `count: false`: a board read needs no member count (counting a club of thousands on every
// request was most of its cost: npm run bench:leaderboard); member_count is then 0.
async function findClub(
  db: Db,
  slug: string,
  viewerId: number | null,
  { count = true } = {},
): Promise<ClubRow | null> {
  const [row] = await rowsOf<ClubRow>(
    db,
    sql`select c.id, c.slug, c.name, c.description, c.visibility, c.created_at, c.invite_code_hash,
        ${count ? sql`(select count(*) from club_members m where m.club_id = c.id)` : sql`0`} as member_count,
        (select m.role from club_members m where m.club_id = c.id and m.user_id = ${viewerId ?? 0}::int) as my_role
      from clubs c where c.slug = ${slug} and c.removed_at is null`,
  );
  return row ?? null;
}

const codeMatches = (club: ClubRow, code: string | undefined) =>
  code !== undefined && sha256Hex(code) === club.invite_code_hash;

/** The club if the viewer may see it (a member, a public club, or the right code), else 404. */
export async function visibleClub(
  db: Db,
  slug: string,
  viewerId: number | null,
  code?: string,
  options?: { count?: boolean },
): Promise<ClubRow> {
  const club = await findClub(db, slug, viewerId, options);
  if (!club) throw notFound(NO_CLUB);
  if (club.visibility === 'public' || club.my_role !== null || codeMatches(club, code)) return club;
  throw notFound(NO_CLUB);
}

/**
 * visibleClub for a board read, kept in the board cache: a cached club board then costs no query
 * (one query a request held PGlite's club boards to a tenth of the global board's rate: npm run
 * bench:leaderboard). Any change to a club or its members drops it with the boards, on every
 * instance: migration 0021's NOTIFY on club_members, leaderboard.sql's lb_clubs_notify on clubs,
 * and the routes' changesBoards here. An unknown club throws inside the load, so it is not kept.
 */
export function visibleClubForBoard(
  db: Db,
  cache: BoardCache,
  slug: string,
  viewerId: number | null,
): Promise<ClubRow> {
  return cache.getOrLoad(`club ${slug}|viewer ${viewerId ?? 0}`, () =>
    visibleClub(db, slug, viewerId, undefined, { count: false }),
  );
}

function summary(row: ClubRow): ClubSummary {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    memberCount: Number(row.member_count),
    myRole: row.my_role,
  };
}

async function detail(db: Db, club: ClubRow): Promise<ClubDetail> {
  const inside = club.my_role !== null;
  const rows = await rowsOf<{
    username: string;
    profile_picture: string | null;
    role: ClubRole;
    joined_at: Date | string;
    is_private: boolean;
    suspended: boolean;
  }>(
    db,
    sql`select u.username, u.profile_picture, m.role, m.joined_at, u.is_private,
        u.suspended_at is not null as suspended
      from club_members m join users u on u.id = m.user_id
      where m.club_id = ${club.id}
      order by m.role = 'admin' desc, m.joined_at, u.id`,
  );
  // A suspended member is off every page (their name and picture too), as off the boards, and not
  // counted among the hidden (private) members; only the club's admins still see them, to remove them.
  const listed = rows.filter((r) => !r.suspended || club.my_role === 'admin');
  const shown = listed.filter((r) => inside || !r.is_private);
  const members: ClubMember[] = shown.map((r) => ({
    username: r.username,
    profilePicture: r.profile_picture,
    role: r.role,
    joinedAt: iso(r.joined_at),
  }));
  const removed =
    club.my_role === 'admin'
      ? await rowsOf<{ username: string; removed_at: Date | string }>(
          db,
          sql`select u.username, r.removed_at from club_removals r join users u on u.id = r.user_id
            where r.club_id = ${club.id} order by r.removed_at desc, u.id desc`,
        )
      : null;
  return {
    ...summary(club),
    createdAt: iso(club.created_at),
    members,
    hiddenMembers: listed.length - shown.length,
    ...(removed
      ? { removed: removed.map((r) => ({ username: r.username, removedAt: iso(r.removed_at) })) }
      : {}),
  };
}

export async function getClub(
  db: Db,
  slug: string,
  viewerId: number | null,
  code?: string,
): Promise<ClubDetail> {
  return detail(db, await visibleClub(db, slug, viewerId, code));
}

/** Refuses a member already in as many clubs as they may be (checked under their row's lock). */
async function checkMemberLimit(tx: Db, userId: number, limits: ClubLimits) {
  await rowsOf(tx, sql`select 1 from users where id = ${userId} for update`);
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number | string }>(
    tx,
    sql`select count(*) as n from club_members m join clubs c on c.id = m.club_id
      where m.user_id = ${userId} and c.removed_at is null`,
  );
  if (Number(n) >= limits.clubsPerMember)
    throw conflict(
      `You're in ${limits.clubsPerMember} clubs, the most a member can be in. Leave one to join or create another.`,
    );
}

/** Creates the club with its creator as admin; the answer carries the invite code, once. */
export async function createClub(
  db: Db,
  userId: number,
  input: CreateClub,
  limits: ClubLimits,
): Promise<CreatedClub> {
  const base = slugOf(input.name) || 'club';
  const code = newToken();
  // The slug is the name's; when taken, "-2", "-3"... (a few tries, then a random tail).
  for (let attempt = 0; attempt < 6; attempt++) {
    const slug =
      attempt === 0
        ? base
        : attempt < 5
          ? `${base}-${attempt + 1}`
          : `${base}-${
              newToken()
                .replace(/[^a-z0-9]/g, '')
                .slice(0, 6) || 'x'
            }`;
    try {
      await db.transaction(async (tx) => {
        await checkMemberLimit(tx as unknown as Db, userId, limits);
        const [club] = await rowsOf<{ id: number }>(
          tx as unknown as Db,
          sql`insert into clubs (slug, name, description, visibility, invite_code_hash, created_by)
            values (${slug}, ${input.name}, ${input.description ?? null}, ${input.visibility}, ${sha256Hex(code)}, ${userId})
            returning id`,
        );
        await tx.execute(
          sql`insert into club_members (club_id, user_id, role) values (${club!.id}, ${userId}, 'admin')`,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) continue;
      throw err;
    }
    const club = (await findClub(db, slug, userId))!;
    return { ...(await detail(db, club)), inviteCode: code };
  }
  throw conflict('Could not find a free address for this club. Try another name.', {
    name: ['Try another name.'],
  });
}

/** The member's clubs, and a page of public clubs they are not in, by name. */
export async function listClubs(
  db: Db,
  viewerId: number | null,
  query: { q?: string; offset: number; limit: number },
): Promise<ClubList> {
  const q = query.q?.trim()
    ? `%${query.q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`
    : null;
  const columns = sql`c.id, c.slug, c.name, c.description, c.visibility, c.created_at, c.invite_code_hash,
    (select count(*) from club_members n where n.club_id = c.id) as member_count`;
  const mine =
    viewerId === null
      ? []
      : await rowsOf<ClubRow>(
          db,
          sql`select ${columns}, m.role as my_role
            from club_members m join clubs c on c.id = m.club_id
            where m.user_id = ${viewerId} and c.removed_at is null
            order by lower(c.name), c.id`,
        );
  const page = await rowsOf<ClubRow>(
    db,
    sql`select ${columns}, null as my_role
      from clubs c
      where c.visibility = 'public' and c.removed_at is null
        and (${q}::text is null or lower(c.name) like ${q}::text)
        and not exists (select 1 from club_members m where m.club_id = c.id and m.user_id = ${viewerId ?? 0}::int)
      order by member_count desc, lower(c.name), c.id
      offset ${query.offset} limit ${query.limit + 1}`,
  );
  const more = page.length > query.limit;
  return {
    mine: mine.map(summary),
    public: page.slice(0, query.limit).map(summary),
    nextOffset: more ? query.offset + query.limit : null,
  };
}

/** Joins a public club, or an invite-only one with its current code. */
export async function joinClub(
  db: Db,
  slug: string,
  userId: number,
  code: string | undefined,
  limits: ClubLimits,
): Promise<ClubDetail> {
  const club = await findClub(db, slug, userId);
  if (!club) throw notFound(NO_CLUB);
  if (club.my_role !== null) return detail(db, club);
  if (club.visibility === 'invite' && !codeMatches(club, code)) throw notFound(NO_CLUB);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await checkMemberLimit(t, userId, limits);
    // The club's row is the lock that counts its members one join at a time.
    const [locked] = await rowsOf<{ id: number }>(
      t,
      sql`select id from clubs where id = ${club.id} and removed_at is null for update`,
    );
    if (!locked) throw notFound(NO_CLUB);
    // Removed by an admin: not back in with the code they had (docs/decisions/0208-club-removal-is-recorded.md).
    const [removed] = await rowsOf(
      t,
      sql`select 1 as x from club_removals where club_id = ${club.id} and user_id = ${userId}`,
    );
    if (removed) throw forbidden(REMOVED_FROM_CLUB);
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number | string }>(
      t,
      sql`select count(*) as n from club_members where club_id = ${club.id}`,
    );
    if (Number(n) >= limits.membersPerClub)
      throw conflict(
        `This club is full: it has ${limits.membersPerClub} members, the most a club can have.`,
      );
    await t.execute(
      sql`insert into club_members (club_id, user_id, role) values (${club.id}, ${userId}, 'member')
        on conflict do nothing`,
    );
  });
  return detail(db, (await findClub(db, slug, userId))!);
}

/** Leaves the club (its last admin leaving makes the longest-standing member admin). */
export async function leaveClub(db: Db, slug: string, userId: number): Promise<void> {
  const club = await visibleClub(db, slug, userId);
  if (club.my_role === null) throw notFound('You are not in this club.');
  await db.execute(
    sql`delete from club_members where club_id = ${club.id} and user_id = ${userId}`,
  );
}

/**
 * What a club's share card shows (its name and member count), for a club a visitor may see: a
 * public one, or an invite-only one when `key` is its card key (given in the tags of its invite
 * page). Null for anything else, a removed club included (docs/decisions/0181-club-share-card.md).
 */
export async function clubCardFacts(
  db: Db,
  slug: string,
  key: string | undefined,
): Promise<{ slug: string; name: string; memberCount: number } | null> {
  const club = await clubForCard(db, slug, key);
  if (!club) return null;
  return { slug: club.slug, name: club.name, memberCount: Number(club.member_count) };
}

/** The club if a card may show it: a public one, or an invite-only one with its card key. */
export async function clubForCard(
  db: Db,
  slug: string,
  key: string | undefined,
): Promise<ClubRow | null> {
  const club = await findClub(db, slug, null);
  if (!club) return null;
  if (
    club.visibility === 'invite' &&
    (key === undefined || key !== clubCardKey(club.invite_code_hash))
  )
    return null;
  return club;
}

/**
 * The key an invite-only club's card URL carries instead of its invite code: derived from the
 * code's hash, so it cannot be turned back into the code (it opens the card, not the club), and a
 * new invite link makes a new key (the old card URL stops working with the old link).
 */
export const clubCardKey = (inviteCodeHash: string) =>
  sha256Hex(`club-card\n${inviteCodeHash}`).slice(0, 32);

/** A member's public clubs (not removed), by name: what their public profile lists. */
export async function publicClubsOf(db: Db, userId: number) {
  const rows = await rowsOf<{ slug: string; name: string; member_count: number | string }>(
    db,
    sql`select c.slug, c.name, (select count(*) from club_members n where n.club_id = c.id) as member_count
      from club_members m join clubs c on c.id = m.club_id
      where m.user_id = ${userId} and c.visibility = 'public' and c.removed_at is null
      order by lower(c.name), c.id`,
  );
  return rows.map((r) => ({ slug: r.slug, name: r.name, memberCount: Number(r.member_count) }));
}
