import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { WorkoutSaved } from './workout-saved';

const open = openChallenges(catalogueWith(['pushup-90', 'nickels-dimes', 'mfm-challenge']));
const challenge = (id: string) => open.find((c) => c.id === id)!;

describe('WorkoutSaved of the last two challenges', () => {
  it('a capped run: CAP + reps, a beat link that says capped, and the share text in its words', async () => {
    const { user } = renderWithApp(
      <WorkoutSaved challenge={challenge('mfm-challenge')} score={312} capped username="ann" />,
    );
    expect(screen.getByTestId('saved-count')).toHaveTextContent('CAP + 312');
    expect(screen.getByText(/reps at the cap\. Nice work!/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Challenge a friend' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/mfm-challenge/timer?beat=312&from=ann&capped=1`,
    );
  });

  it('a finish: its time; against a capped target it wins, against a faster one it says how much faster', () => {
    const { unmount } = renderWithApp(
      <WorkoutSaved
        challenge={challenge('mfm-challenge')}
        score={1122}
        username="ann"
        target={{ beat: 399, from: 'bo', capped: true }}
      />,
    );
    expect(screen.getByTestId('saved-count')).toHaveTextContent('18:42');
    expect(screen.getByText(/to finish\. Nice work!/)).toBeInTheDocument();
    expect(screen.getByTestId('target-result')).toHaveTextContent("You beat bo's CAP + 399 reps!");
    unmount();
    renderWithApp(
      <WorkoutSaved
        challenge={challenge('mfm-challenge')}
        score={1122}
        username="ann"
        target={{ beat: 1100, from: 'bo' }}
      />,
    );
    expect(screen.getByTestId('target-result')).toHaveTextContent(
      "bo's 18:20 still stands. Finish 0:23 faster to beat it.",
    );
  });

  it('a lower time beats a higher one', () => {
    renderWithApp(
      <WorkoutSaved
        challenge={challenge('mfm-challenge')}
        score={1000}
        username="ann"
        target={{ beat: 1122, from: 'bo' }}
      />,
    );
    expect(screen.getByTestId('target-result')).toHaveTextContent("You beat bo's 18:42!");
  });

  it('rounds: rounds and extra reps, with the total', () => {
    renderWithApp(
      <WorkoutSaved
        challenge={challenge('nickels-dimes')}
        score={114}
        username="ann"
        target={{ beat: 120, from: 'bo' }}
      />,
    );
    expect(screen.getByTestId('saved-count')).toHaveTextContent('7 rounds + 9');
    expect(screen.getByText(/\(114 reps\)\. Nice work!/)).toBeInTheDocument();
    expect(screen.getByTestId('target-result')).toHaveTextContent(
      "bo's 8 rounds + 0 still stands. 7 more to beat it.",
    );
  });
});
