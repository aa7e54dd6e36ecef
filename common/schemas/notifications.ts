// Notifications (docs/decisions/0253-notifications.md): what GET /api/notifications and its stream
// carry, shared with the client.
import { z } from 'zod';
import { AGE_GROUP_IDS, AGE_GROUPS, GENDER_FILTERS, type AgeGroupId } from '../leaderboard';
import { pageCursor, pageLimit } from './page';

export const NOTIFICATION_KINDS = [
  'followed',
  'kudos',
  'comment',
  'beat-your-best',
  'dropped-top-10',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The boards "dropped out of the top 10" speaks of: a challenge's period (common/leaderboard.ts). */
export const NOTIFICATION_BOARDS = ['today', 'week', 'month', 'all_time'] as const;
export type NotificationBoard = (typeof NOTIFICATION_BOARDS)[number];

/**
 * Which filtered board a "dropped out of the top 10" is about (the member's own age band, gender,
 * Verified only; docs/decisions/0274-top-10-of-every-board.md); null: the unfiltered board.
 */
export const boardFilterSchema = z.object({
  ageGroup: z.enum(AGE_GROUP_IDS).nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  verified: z.boolean(),
});
export type BoardFilter = z.infer<typeof boardFilterSchema>;

/**
 * The database's name of a filtered board ('age:30-39,gender:female,verified', server/src/db/sql/top10.sql)
 * as a BoardFilter; null for the unfiltered board ('' or null) or a name it does not know.
 */
export function parseBoardFilter(text: string | null | undefined): BoardFilter | null {
  if (!text) return null;
  const filter: BoardFilter = { ageGroup: null, gender: null, verified: false };
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (name === 'verified' && value === undefined) filter.verified = true;
    else if (name === 'age' && AGE_GROUP_IDS.includes(value as AgeGroupId))
      filter.ageGroup = value as AgeGroupId;
    else if (name === 'gender' && (value === 'male' || value === 'female')) filter.gender = value;
    else return null;
  }
  return filter;
}

/** A filtered board's words: "30-39, Female, Verified only". */
export function boardFilterWords(f: BoardFilter): string {
  return [
    f.ageGroup && AGE_GROUPS.find((g) => g.id === f.ageGroup)?.label,
    f.gender && GENDER_FILTERS.find((g) => g.id === f.gender)?.label,
    f.verified && 'Verified only',
  ]
    .filter(Boolean)
    .join(', ');
}

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;

export const notificationPageQuerySchema = z.object({
  limit: pageLimit(NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_DEFAULT),
  cursor: pageCursor(),
});

export const notificationSchema = z.object({
  /** Increasing: the stream's event id, and the list's order (newest first). */
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it (null for "dropped out of the top 10"). */
  actor: z.object({ username: z.string(), profilePicture: z.string().nullable() }).nullable(),
  workoutId: z.number().int().nullable(),
  /** The challenge's catalogue id (common/challenges.ts), for beat-your-best and dropped-top-10. */
  challenge: z.string().nullable(),
  board: z.enum(NOTIFICATION_BOARDS).nullable(),
  /** dropped-top-10 of a filtered board: which one (null: the unfiltered board). */
  boardFilter: boardFilterSchema.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/notifications/read: these ids (mine; others are ignored). */
export const markReadSchema = z
  .object({ ids: z.array(z.number().int().min(1)).min(1).max(NOTIFICATION_PAGE_MAX) })
  .strict();

/** The daily digest's opt-in (ruling 34's rules: once a day at most, outside quiet hours). */
export const notificationSettingsSchema = z
  .object({ digestEmail: z.boolean(), digestPush: z.boolean() })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The stream's events (GET /api/notifications/stream): `notification` carries one, with the count. */
export const streamEventSchema = z.object({
  notification: notificationSchema.nullable(),
  unread: z.number().int().min(0),
});
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** The words of one notification (the list, the digest). `who` is the actor's name. */
export function notificationText(
  n: Pick<Notification, 'kind' | 'challenge' | 'board'> & {
    who: string | null;
    boardFilter?: BoardFilter | null;
  },
  challengeName: (id: string) => string,
  boardName: (b: NotificationBoard) => string,
): string {
  const who = n.who ?? 'Someone';
  const challenge = n.challenge ? challengeName(n.challenge) : '';
  switch (n.kind) {
    case 'followed':
      return `${who} followed you`;
    case 'kudos':
      return `${who} gave kudos`;
    case 'comment':
      return `${who} commented`;
    case 'beat-your-best':
      return `${who} beat your best in ${challenge}`;
    case 'dropped-top-10':
      return [
        `You dropped out of the top 10 of ${challenge}`,
        n.board ? boardName(n.board) : '',
        n.boardFilter ? `(${boardFilterWords(n.boardFilter)})` : '',
      ]
        .filter(Boolean)
        .join(' ');
  }
}
