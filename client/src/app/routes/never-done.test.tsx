import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, signUp } from '@/test/render';
import { serveChallenges, THREE_OPEN } from '@/test/served-challenges';
import ChallengeHomeRoute from './challenge-home';

// A challenge the member never did shows no "Personal Best 0" nor "0:00": a dash, read out as
// "No sets yet".
describe('a challenge never done', () => {
  it('shows a dash for the last and best hold on its home, not 0:00', async () => {
    serveChallenges(THREE_OPEN);
    await signUp();
    renderWithApp(<ChallengeHomeRoute />, { path: '/plank-drop' });
    const best = (await screen.findByText('Personal Best', undefined, { timeout: 30_000 }))
      .parentElement!;
    expect(within(best).getByRole('definition')).toHaveTextContent('—No sets yet');
    const last = screen.getByText('Last Hold').parentElement!;
    expect(within(last).getByRole('definition')).toHaveTextContent('—No sets yet');
    expect(screen.queryByText('0:00')).toBeNull();
    // A count of workouts is a count: 0 is true.
    expect(
      within(screen.getByText('Total Workouts').parentElement!).getByRole('definition'),
    ).toHaveTextContent('0');
  }, 60_000);
});
