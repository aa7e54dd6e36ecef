import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueWith, openChallenges, type OpenChallenge } from '@common/challenges';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { renderWithApp } from '@/test/render';
import { Leaderboard } from './leaderboard';
import { LeaderboardRow, WatchProof } from './leaderboard-row';

const open = openChallenges(
  catalogueWith(['pushup-90', 'nickels-dimes', 'burpees-or-bust', 'mfm-challenge', 'plank-drop']),
);
const challenge = (id: string) => open.find((c) => c.id === id)!;

// `capped` is in the answers of a for-time board only when capped (docs/decisions/0217-*).
const entry = (score: number, capped?: true): LeaderboardEntry =>
  ({
    id: 1,
    username: 'ann',
    rank: 2,
    score,
    createdAt: '2026-06-17T12:00:00.000Z',
    age: null,
    gender: null,
    profilePicture: null,
    verified: false,
    ...(capped ? { capped } : {}),
  }) as LeaderboardEntry;

describe('a board row of the last two challenges', () => {
  it.each([
    ['mfm-challenge', entry(1122), '18:42to finish'],
    ['mfm-challenge', entry(312, true), 'CAP + 312reps'],
    ['mfm-challenge', entry(1, true), 'CAP + 1rep'],
    ['nickels-dimes', entry(114), '7rounds + 9'],
    ['nickels-dimes', entry(15), '1round + 0'],
  ])('shows a %s score as the board ranks it', (id, row, text) => {
    renderWithApp(<LeaderboardRow entry={row} scoring={challenge(id).scoring} isViewer={false} />);
    expect(screen.getByRole('link').textContent).toContain(text);
  });

  it('names a capped run in words where a proof is offered', () => {
    renderWithApp(
      <WatchProof entry={entry(312, true)} scoring={challenge('mfm-challenge').scoring} />,
    );
    expect(
      screen.getByRole('button', { name: "Watch proof of ann's CAP + 312 reps" }),
    ).toBeInTheDocument();
  });
});

describe('the Verified only filter follows what the entry declares, not its id', () => {
  const burpees = challenge('burpees-or-bust');
  const pushups = challenge('pushup-90');
  const verified = () => screen.queryByRole('button', { name: /Verified only/ });

  it.each([
    ['burpees as declared (boards everyone only)', burpees, false],
    ['push-ups as declared (everyone and Verified)', pushups, true],
    [
      'burpees declaring camera counting and a Verified board',
      { ...burpees, counting: ['taps', 'camera'], boards: ['everyone', 'verified'] },
      true,
    ],
    ['push-ups declaring only an everyone board', { ...pushups, boards: ['everyone'] }, false],
  ] as [string, OpenChallenge, boolean][])('%s', (_name, c, shown) => {
    renderWithApp(<Leaderboard challenge={c} viewerUsername={null} />, {
      path: `${c.path}/leaderboard?verified=1`,
    });
    expect(screen.getByLabelText('Age group')).toBeInTheDocument();
    if (shown) expect(verified()).toHaveAttribute('aria-pressed', 'true');
    else expect(verified()).toBeNull();
  });
});
