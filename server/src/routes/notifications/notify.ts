import { sql } from 'drizzle-orm';
import type { NotificationBoard, NotificationKind } from '@common/schemas/notifications';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// The one way code makes a notification (docs/decisions/0253-notifications.md). The database
// makes beat-your-best and dropped-top-10 itself as sets are saved (server/src/db/sql/notifications.sql);
// this is for the others (a follow, kudos, a comment), and takes the same rules.

export interface NotifyInput {
  recipientId: number;
  kind: NotificationKind;
  /** Who did it: must be public and not suspended, or nothing is made (their privacy). */
  actorId?: number | null;
  /** The set it is about (kudos, comment, beat-your-best). */
  workoutId?: number | null;
  /** The comment's id (kind 'comment'): each comment notifies once. */
  commentId?: number | string | null;
  challenge?: string | null;
  board?: NotificationBoard | null;
}

/** Which event a notification is for: the unique (recipient, key) makes each go once. */
export function notificationKey(n: NotifyInput): string {
  const need = (v: unknown, what: string) => {
    if (v === undefined || v === null) throw new Error(`notify(${n.kind}) needs ${what}`);
    return String(v);
  };
  switch (n.kind) {
    case 'followed':
      return `followed:${need(n.actorId, 'actorId')}`;
    case 'kudos':
      return `kudos:${need(n.actorId, 'actorId')}:${need(n.workoutId, 'workoutId')}`;
    case 'comment':
      return `comment:${need(n.commentId, 'commentId')}`;
    case 'beat-your-best':
      // The database's own key for it (server/src/db/sql/notifications.sql) names the best passed.
      return `beat:${need(n.actorId, 'actorId')}:${need(n.challenge, 'challenge')}:${need(n.workoutId, 'workoutId')}`;
    case 'dropped-top-10':
      return `top10:${need(n.challenge, 'challenge')}:${need(n.board, 'board')}:${need(n.workoutId, 'workoutId')}`;
  }
}

/**
 * Makes one notification, at most once (the same event again, from any instance or a retry, makes
 * nothing). Nothing is made for oneself, for a suspended recipient, or from an actor who is private
 * or suspended. Pass the transaction (`tx`) of the change it tells of, so both commit together.
 * Resolves with the new notification's id, or null when none was made. The recipient's open
 * streams hear of it at commit (the database's notice, ./stream.ts).
 */
export async function notify(db: Db, n: NotifyInput): Promise<number | null> {
  const key = notificationKey(n);
  const actor = n.actorId ?? null;
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`insert into notifications (recipient_id, kind, actor_id, workout_id, challenge, board, key)
      select r.id, ${n.kind}, ${actor}::int, ${n.workoutId ?? null}::int, ${n.challenge ?? null}::text,
        ${n.board ?? null}::text, ${key}
      from users r
      where r.id = ${n.recipientId}::int and r.suspended_at is null
        and r.id is distinct from ${actor}::int
        and (${actor}::int is null or exists (
          select 1 from users a where a.id = ${actor}::int and not a.is_private and a.suspended_at is null))
      on conflict do nothing
      returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}
