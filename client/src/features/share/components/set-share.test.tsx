import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { WorkoutSaved } from './workout-saved';

const c = openChallenges(catalogueWith(CATALOGUE.map((e) => e.id))).find(
  (x) => x.scoring.kind === 'reps',
)!;

describe('Workout Saved: the set’s own share card', () => {
  it('is offered with the set’s id, its link the set card', async () => {
    const { user } = renderWithApp(
      <WorkoutSaved challenge={c} score={42} username="ann" setId={77} />,
    );
    await user.click(screen.getByRole('button', { name: 'Share this set' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/api/share-cards/sets/77.png`,
    );
  });
  it('is not offered without an id (a private member) or while the set waits on the device', () => {
    const { rerender } = renderWithApp(<WorkoutSaved challenge={c} score={42} username="ann" />);
    expect(screen.queryByRole('button', { name: 'Share this set' })).not.toBeInTheDocument();
    rerender(<WorkoutSaved challenge={c} score={42} username="ann" setId={77} waitingToSync />);
    expect(screen.queryByRole('button', { name: 'Share this set' })).not.toBeInTheDocument();
  });
});
