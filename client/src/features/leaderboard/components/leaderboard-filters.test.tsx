import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import type { BoardKind, LeaderboardFilters as Filters } from '../api/get-leaderboard';
import { LeaderboardFilters } from './leaderboard-filters';

const changes: Array<{ filters: Filters; kind: BoardKind }> = [];

function Harness() {
  const [filters, setFilters] = useState<Filters>({ ageGroup: 'all', gender: 'all' });
  const [kind, setKind] = useState<BoardKind>('all');
  return (
    <LeaderboardFilters
      value={filters}
      onChange={(next) => {
        changes.push({ filters: next, kind });
        setFilters(next);
      }}
      kind={kind}
      onKindChange={(next) => {
        changes.push({ filters, kind: next });
        setKind(next);
      }}
    />
  );
}

describe('LeaderboardFilters', () => {
  it('narrows by age group and gender, and toggles Verified only, keeping the other choices', async () => {
    const { user } = renderWithApp(<Harness />);
    await user.selectOptions(screen.getByLabelText('Age group'), '30-39');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    const verified = screen.getByRole('button', { name: 'Verified only' });
    expect(verified).toHaveAttribute('aria-pressed', 'false');
    await user.click(verified);
    expect(verified).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText('Recounted and reviewed sets only, ranked among themselves.'),
    ).toBeInTheDocument();
    expect(changes.at(-1)).toEqual({
      filters: { ageGroup: '30-39', gender: 'female' },
      kind: 'verified',
    });
    await user.selectOptions(screen.getByLabelText('Age group'), 'all');
    expect(changes.at(-1)).toEqual({
      filters: { ageGroup: 'all', gender: 'female' },
      kind: 'verified',
    });
  });
});
