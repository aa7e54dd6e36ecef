import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { renderWithApp } from '@/test/render';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardRow } from './leaderboard-row';

const scoring = (id: string) => CATALOGUE.find((c) => c.id === id)!.scoring!;

const entry = (score: number): LeaderboardEntry => ({
  id: 1,
  username: 'ann',
  rank: 2,
  score,
  createdAt: '2026-06-17T12:00:00.000Z',
  age: null,
  gender: null,
  profilePicture: null,
  verified: false,
  tier: 'entered',
});

describe('LeaderboardRow', () => {
  it.each([
    ['pushup-90', 42, '42push-ups'],
    ['burpees-or-bust', 42, '42burpees'],
    ['burpees-or-bust', 1, '1burpee'],
    ['plank-drop', 205, '3:25held'],
    ['plank-drop', 3725, '1:02:05held'],
  ])('shows a %s score of %i in its unit', (id, score, text) => {
    renderWithApp(<LeaderboardRow entry={entry(score)} scoring={scoring(id)} isViewer={false} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/90second/users/ann');
    expect(link.textContent).toContain(text);
  });

  it('shows the tier, and "Awaiting review" on an unreviewed top-three Verified entry', () => {
    const { rerender } = renderWithApp(
      <LeaderboardRow entry={entry(42)} scoring={scoring('pushup-90')} isViewer={false} />,
    );
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Entered');
    expect(screen.queryByTestId('awaiting-review')).toBeNull();
    rerender(
      <LeaderboardRow
        entry={{ ...entry(42), verified: true, tier: 'recounted', awaitingReview: true }}
        scoring={scoring('pushup-90')}
        isViewer={false}
      />,
    );
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Recounted');
    expect(screen.getByTestId('awaiting-review')).toHaveTextContent('Awaiting review');
  });
});

describe('LeaderboardFilters without a camera-counted board', () => {
  it('offers no Verified only toggle', () => {
    renderWithApp(
      <LeaderboardFilters
        value={{ ageGroup: 'all', gender: 'all' }}
        onChange={() => {}}
        kind="all"
      />,
    );
    expect(screen.queryByRole('button', { name: /Verified only/ })).toBeNull();
    expect(screen.getByLabelText('Age group')).toBeInTheDocument();
  });
});
