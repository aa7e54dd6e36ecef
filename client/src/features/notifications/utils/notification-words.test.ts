import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE, findEntry } from '@common/challenges';
import { PERIOD_LABELS } from '@common/leaderboard';
import {
  NOTIFICATION_KINDS,
  notificationText,
  type Notification,
} from '@common/schemas/notifications';
import { activateLanguage } from '@/lib/i18n';
import { notificationWords } from './notification-words';
import { timeAgo } from './time-ago';

const base: Notification = {
  id: 1,
  kind: 'followed',
  actor: { username: 'ann', profilePicture: null },
  workoutId: null,
  challenge: 'pushup-90',
  board: 'week',
  boardFilter: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  readAt: null,
};

afterEach(() => activateLanguage('en'));

describe("a notification's words", () => {
  it.each([
    ...NOTIFICATION_KINDS.map((kind) => ({ ...base, kind })),
    { ...base, kind: 'dropped-top-10' as const, actor: null, board: null },
    {
      ...base,
      kind: 'dropped-top-10' as const,
      actor: null,
      boardFilter: { ageGroup: 'under-20' as const, gender: 'female' as const, verified: true },
    },
  ])("are the digest's English words: $kind", (n) => {
    expect(notificationWords(n)).toBe(
      notificationText(
        { ...n, who: n.actor?.username ?? null },
        (id) => findEntry(id, CATALOGUE)?.title ?? id,
        (b) => `(${PERIOD_LABELS[b]})`,
      ),
    );
  });

  it('speak German, with the time in German', async () => {
    await activateLanguage('de');
    expect(notificationWords({ ...base, kind: 'kudos' })).toBe('ann hat dir Kudos gegeben');
    expect(notificationWords({ ...base, kind: 'dropped-top-10', actor: null })).toMatch(
      /^Du bist aus den Top 10 von .+ gefallen \(Diese Woche\)$/,
    );
    const now = Date.parse('2026-11-29T12:00:00.000Z');
    expect(timeAgo(new Date('2026-11-29T10:00:00.000Z'), now)).toBe('vor 2 Stunden');
    expect(timeAgo(new Date('2026-11-26T12:00:00.000Z'), now)).toBe('vor 3 Tagen');
  });
});
