import { sql } from 'drizzle-orm';
import {
  parseBoardFilter,
  type Notification,
  type NotificationSettings,
} from '@common/schemas/notifications';
import type { Db } from '../../db/client';
import { preparedRows, rowsOf } from '../../db/rows';

// Reading and marking a member's notifications. Privacy at read time (docs/decisions/0253-notifications.md):
// a notification whose actor has since gone private or been suspended is shown to nobody and not
// counted; a deleted account's go with it (ON DELETE CASCADE).

const visible = sql`(n.actor_id is null or exists (
  select 1 from users a where a.id = n.actor_id and not a.is_private and a.suspended_at is null))`;

interface Row {
  id: number | string;
  kind: Notification['kind'];
  actor_name: string | null;
  actor_picture: string | null;
  workout_id: number | null;
  challenge: string | null;
  board: Notification['board'];
  board_filter: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(String(v))).toISOString();

function toDto(r: Row): Notification {
  return {
    id: Number(r.id),
    kind: r.kind,
    actor: r.actor_name ? { username: r.actor_name, profilePicture: r.actor_picture } : null,
    workoutId: r.workout_id,
    challenge: r.challenge,
    board: r.board,
    boardFilter: parseBoardFilter(r.board_filter),
    createdAt: iso(r.created_at),
    readAt: r.read_at === null ? null : iso(r.read_at),
  };
}

/**
 * The member's notifications newest first: `before` an id (the previous page's last), or those
 * `after` an id oldest first (the stream's catch-up).
 */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { limit: number; before?: number; after?: number },
): Promise<Notification[]> {
  const where =
    page.after !== undefined
      ? sql`and n.id > ${page.after}`
      : page.before !== undefined
        ? sql`and n.id < ${page.before}`
        : sql``;
  // In notifications_recipient_id_idx's order (id DESC NULLS LAST), or backwards (src/db/order.ts).
  const order = page.after !== undefined ? sql`n.id asc nulls first` : sql`n.id desc nulls last`;
  const rows = await rowsOf<Row>(
    db,
    sql`select n.id, n.kind, a.username as actor_name, a.profile_picture as actor_picture,
        n.workout_id, n.challenge, n.board, n.board_filter, n.created_at, n.read_at
      from notifications n left join users a on a.id = n.actor_id
      where n.recipient_id = ${userId}::int ${where} and ${visible}
      order by ${order} limit ${page.limit}::int`,
  );
  return rows.map(toDto);
}

/** The bell's count, its text fixed so that PostgreSQL keeps it prepared (unreadCount). */
export const UNREAD_COUNT = `select coalesce(sum(g.n), 0)::int as unread from (
    select n.actor_id, count(*) as n from notifications n
    where n.recipient_id = $1::int and n.read_at is null group by n.actor_id) g
  where g.actor_id is null or exists (
    select 1 from users a where a.id = g.actor_id and not a.is_private and a.suspended_at is null)`;

/**
 * The bell's number: unread notifications the member may see. An index-only read of
 * notifications_unread_idx (recipient, actor; unread rows only), counted per actor, so each
 * actor's privacy is looked up once however many they sent (docs/decisions/0272-the-bells-count.md).
 * Kept prepared on each PostgreSQL connection: planned once, not on every bell (0314).
 */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await preparedRows<{ unread: number | string }>(db, 'bell_unread', UNREAD_COUNT, [
    userId,
  ]);
  return Number(row?.unread ?? 0);
}

/** Marks these of the member's notifications read (others' ids, and read ones, are left alone). */
export async function markRead(db: Db, userId: number, ids: number[], now: Date): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = ${now.toISOString()}::timestamptz
      where recipient_id = ${userId}::int and read_at is null
        and id = any (${sql.raw(`array[${ids.map((i) => Math.trunc(i)).join(',')}]`)}::bigint[])`,
  );
}

/** Marks all of the member's notifications read. */
export async function markAllRead(db: Db, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = ${now.toISOString()}::timestamptz
      where recipient_id = ${userId}::int and read_at is null`,
  );
}

export async function getSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await rowsOf<{ digest_email: boolean; digest_push: boolean }>(
    db,
    sql`select digest_email, digest_push from notification_settings where user_id = ${userId}::int`,
  );
  return { digestEmail: row?.digest_email ?? false, digestPush: row?.digest_push ?? false };
}

export async function putSettings(
  db: Db,
  userId: number,
  s: NotificationSettings,
): Promise<NotificationSettings> {
  await db.execute(
    sql`insert into notification_settings (user_id, digest_email, digest_push, updated_at)
      values (${userId}::int, ${s.digestEmail}, ${s.digestPush}, now())
      on conflict (user_id) do update set digest_email = excluded.digest_email,
        digest_push = excluded.digest_push, updated_at = now()`,
  );
  return s;
}

/** The member's newest notification id (0: none): where a fresh stream starts. */
export async function newestId(db: Db, userId: number): Promise<number> {
  const [row] = await rowsOf<{ id: number | string | null }>(
    db,
    sql`select max(id) as id from notifications where recipient_id = ${userId}::int`,
  );
  return Number(row?.id ?? 0);
}
