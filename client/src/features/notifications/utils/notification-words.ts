import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CATALOGUE, findEntry } from '@common/challenges';
import type { BoardFilter, Notification, NotificationBoard } from '@common/schemas/notifications';
import { i18n, sayShared } from '@/lib/i18n';

// A notification's sentence in the page's language. The English is common/schemas/notifications.ts's
// notificationText (the digest's words), one message per sentence here so each language orders it.

const BOARD: Record<NotificationBoard, MessageDescriptor> = {
  today: msg`Today`,
  week: msg`This Week`,
  month: msg`This Month`,
  all_time: msg`All Time`,
};

/** A filtered board's words: "30-39, Female, Verified only" (common's boardFilterWords). */
function filterWords(f: BoardFilter): string {
  return [
    f.ageGroup === 'under-20' ? t`Under 20` : f.ageGroup,
    f.gender === 'male' ? t`Male` : f.gender === 'female' ? t`Female` : null,
    f.verified ? t`Verified only` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** "You dropped out of the top 10 of Push-ups (This Week) (30-39, Female)". */
function droppedWords(challenge: string, n: Notification): string {
  const board = n.board ? i18n._(BOARD[n.board]) : null;
  const filter = n.boardFilter ? filterWords(n.boardFilter) : null;
  if (board && filter)
    return t`You dropped out of the top 10 of ${challenge} (${board}) (${filter})`;
  if (board) return t`You dropped out of the top 10 of ${challenge} (${board})`;
  if (filter) return t`You dropped out of the top 10 of ${challenge} (${filter})`;
  return t`You dropped out of the top 10 of ${challenge}`;
}

/** A notification's sentence ("ann gave kudos"), with the challenge's title and the board's period. */
export function notificationWords(n: Notification): string {
  const who = n.actor?.username ?? t`Someone`;
  const challenge = n.challenge
    ? sayShared(findEntry(n.challenge, CATALOGUE)?.title ?? n.challenge)!
    : '';
  switch (n.kind) {
    case 'followed':
      return t`${who} followed you`;
    case 'kudos':
      return t`${who} gave kudos`;
    case 'comment':
      return t`${who} commented`;
    case 'beat-your-best':
      return t`${who} beat your best in ${challenge}`;
    case 'dropped-top-10':
      return droppedWords(challenge, n);
  }
}

/** The bell's label for screen readers and its badge's text (99+ past 99). */
export const unreadLabel = (n: number) =>
  n === 0 ? t`Notifications` : t`Notifications, ${n} unread`;
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
