import { format } from 'date-fns';
import { formatScore, type Scoring } from '@common/challenges';
import { APP_NAME } from '@common/constants';
import { say } from '@common/say';
import type { CardNode } from '../../lib/card-renderer';
import { countNow, currentLanguage } from '../../lib/i18n';

// A club challenge's result card (docs/decisions/0261-club-challenge-result-card.md): the club,
// the challenge and its days, the podium and how many reached the target. Drawn like the other
// cards (./share-cards.ts), from what a visitor of the club may see.

export interface ClubChallengeCardContent {
  kind: 'club-challenge';
  id: number;
  club: string;
  title: string;
  scoring: Scoring;
  days: string;
  podium: { rank: number; username: string; score: number; capped: boolean }[];
  participants: number;
  reached: number | null;
}

export const clubChallengeCardKey = (c: ClubChallengeCardContent) =>
  [
    'club-challenge',
    c.id,
    c.club,
    c.title,
    c.days,
    c.participants,
    c.reached ?? '',
    ...c.podium.map((p) => `${p.rank} ${p.username} ${p.score} ${p.capped}`),
  ].join('\n');

const h = (
  type: string,
  style: Record<string, unknown>,
  children?: CardNode['props']['children'],
): CardNode => ({ type, props: { style, children } });

/**
 * The challenge's days as the card says them, in the current language: "3 Dec 2026 to 10 Dec
 * 2026" in English (as it always was), by Intl in the others ("3. Dez. 2026 bis 10. Dez. 2026").
 */
export function cardDays(startDate: string, endDate: string): string {
  const lang = currentLanguage();
  const day = (d: string) => {
    const at = new Date(`${d}T12:00:00Z`);
    return lang === 'de' || lang === 'es'
      ? new Intl.DateTimeFormat(lang, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(at)
      : format(at, 'd MMM yyyy');
  };
  return startDate === endDate
    ? day(startDate)
    : say('{start} to {end}', { start: day(startDate), end: day(endDate) });
}

export function clubChallengeTree(
  c: ClubChallengeCardContent,
  frame: (children: CardNode[]) => CardNode,
) {
  const lines = c.podium.map((p, i) =>
    h(
      'div',
      {
        display: 'flex',
        justifyContent: 'space-between',
        fontSize: i === 0 ? 60 : 40,
        fontWeight: i === 0 ? 800 : 600,
        marginTop: i === 0 ? 0 : 8,
      },
      [
        h('div', { display: 'flex', overflow: 'hidden' }, `${p.rank}. ${p.username}`),
        h('div', { display: 'flex', marginLeft: 24 }, formatScore(c.scoring, p.score, p.capped)),
      ],
    ),
  );
  // Its words in the current language (the link's ?lang=), as the other cards'.
  const summary = [
    say('{n, plural, one {{count} member took part} other {{count} members took part}}', {
      n: c.participants,
      count: countNow(c.participants),
    }),
    ...(c.reached === null
      ? []
      : [
          say('{n, plural, one {{count} reached the target} other {{count} reached the target}}', {
            n: c.reached,
            count: countNow(c.reached),
          }),
        ]),
  ].join(' · ');
  return frame([
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h(
        'div',
        { display: 'flex', fontSize: 36, fontWeight: 800, opacity: 0.9, overflow: 'hidden' },
        `${APP_NAME} · ${c.club}`,
      ),
      h('div', { display: 'flex', fontSize: 32, marginTop: 8 }, `${say(c.title)} · ${c.days}`),
    ]),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      lines.length > 0
        ? lines
        : [h('div', { display: 'flex', fontSize: 56 }, say('No sets in it'))],
    ),
    h('div', { display: 'flex', fontSize: 36, fontWeight: 600 }, summary),
  ]);
}
