import { formatScore, type Scoring } from '@common/challenges';
import { APP_NAME } from '@common/constants';
import type { CardNode } from '../../lib/card-renderer';

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

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

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
  const summary = [
    count(c.participants, 'member took part', 'members took part'),
    ...(c.reached === null ? [] : [`${count(c.reached, 'reached', 'reached')} the target`]),
  ].join(' · ');
  return frame([
    h('div', { display: 'flex', flexDirection: 'column' }, [
      h(
        'div',
        { display: 'flex', fontSize: 36, fontWeight: 800, opacity: 0.9, overflow: 'hidden' },
        `${APP_NAME} · ${c.club}`,
      ),
      h('div', { display: 'flex', fontSize: 32, marginTop: 8 }, `${c.title} · ${c.days}`),
    ]),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      lines.length > 0 ? lines : [h('div', { display: 'flex', fontSize: 56 }, 'No sets in it')],
    ),
    h('div', { display: 'flex', fontSize: 36, fontWeight: 600 }, summary),
  ]);
}
