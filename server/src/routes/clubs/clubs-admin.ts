import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { newToken, sha256Hex } from '../../lib/tokens';
import { visibleClub } from './clubs.service';

// What a club's admins do (docs/decisions/0164-clubs.md): a new invite link, removing a member
// (recorded, so they cannot join again until let back in), letting them back.

/** The club as its admin acts on it: 404 to whoever may not see it, 403 to its other members. */
async function adminClub(db: Db, slug: string, userId: number) {
  const club = await visibleClub(db, slug, userId);
  if (club.my_role !== 'admin') throw new HttpError(403, "Only the club's admins can do that.");
  return club;
}

/** A new invite code for the club; the old one stops working. */
export async function regenerateInvite(db: Db, slug: string, userId: number) {
  const club = await adminClub(db, slug, userId);
  const code = newToken();
  await db.execute(
    sql`update clubs set invite_code_hash = ${sha256Hex(code)} where id = ${club.id}`,
  );
  return { slug: club.slug, inviteCode: code };
}

export async function removeMember(
  db: Db,
  slug: string,
  adminId: number,
  username: string,
  now: Date,
) {
  const club = await adminClub(db, slug, adminId);
  const [target] = await rowsOf<{ user_id: number }>(
    db,
    sql`select m.user_id from club_members m join users u on u.id = m.user_id
      where m.club_id = ${club.id} and lower(u.username) = lower(${username})`,
  );
  if (!target) throw notFound('That member is not in this club.');
  if (target.user_id === adminId)
    throw badRequest('You cannot remove yourself: leave the club instead.');
  // The removal is recorded in the same statement: they cannot join again until let back in.
  await db.execute(
    sql`with gone as (delete from club_members where club_id = ${club.id} and user_id = ${target.user_id} returning user_id)
      insert into club_removals (club_id, user_id, removed_at)
      select ${club.id}, user_id, ${now.toISOString()}::timestamptz from gone
      on conflict (club_id, user_id) do update set removed_at = excluded.removed_at`,
  );
}

/** An admin lets a removed member back: they may join again (with the code, for an invite-only club). */
export async function letBackIn(db: Db, slug: string, adminId: number, username: string) {
  const club = await adminClub(db, slug, adminId);
  const [row] = await rowsOf<{ user_id: number }>(
    db,
    sql`delete from club_removals r using users u
      where r.club_id = ${club.id} and u.id = r.user_id and lower(u.username) = lower(${username})
      returning r.user_id`,
  );
  if (!row) throw notFound('That member was not removed from this club.');
}
