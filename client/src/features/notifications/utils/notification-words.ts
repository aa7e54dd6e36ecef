import { CATALOGUE, findEntry } from '@common/challenges';
import { PERIOD_LABELS } from '@common/leaderboard';
import { notificationText, type Notification } from '@common/schemas/notifications';

/** A notification's sentence ("ann gave kudos"), with the challenge's title and the board's period. */
export const notificationWords = (n: Notification): string =>
  notificationText(
    { ...n, who: n.actor?.username ?? null },
    (id) => findEntry(id, CATALOGUE)?.title ?? id,
    (b) => `(${PERIOD_LABELS[b]})`,
  );

/** The bell's label for screen readers and its badge's text (99+ past 99). */
export const unreadLabel = (n: number) =>
  n === 0 ? 'Notifications' : `Notifications, ${n} unread`;
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
