// Notifications (docs/decisions/0253-notifications.md): what GET /api/notifications and its stream
// carry, shared with the client.
import { z } from 'zod';
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
  n: Pick<Notification, 'kind' | 'challenge' | 'board'> & { who: string | null },
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
      return `You dropped out of the top 10 of ${challenge} ${n.board ? boardName(n.board) : ''}`.trim();
  }
}
