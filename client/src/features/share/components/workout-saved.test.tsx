import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueWith, openChallenges } from '@common/challenges';
import { renderWithApp } from '@/test/render';
import { WorkoutSaved } from './workout-saved';

const open = openChallenges(catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']));
const challenge = (id: string) => open.find((c) => c.id === id)!;

describe('WorkoutSaved', () => {
  it('a hold: the time as m:ss, the plank board and home, a beat link to the plank timer', async () => {
    const { user } = renderWithApp(
      <WorkoutSaved
        challenge={challenge('plank-drop')}
        score={205}
        username="ann"
        personalBest
        target={{ beat: 200, from: 'bo' }}
      />,
    );
    expect(screen.getByTestId('saved-count')).toHaveTextContent('3:25');
    expect(screen.getByText(/held\. Nice work!/)).toBeInTheDocument();
    expect(screen.getByTestId('personal-best')).toBeInTheDocument();
    expect(screen.getByTestId('target-result')).toHaveTextContent("You beat bo's 3:20!");
    expect(screen.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
      'href',
      '/plank-drop/leaderboard',
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/plank-drop');
    await user.click(screen.getByRole('button', { name: 'Challenge a friend' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/plank-drop/timer?beat=205&from=ann`,
    );
  });

  it('burpees: the count in burpees; a target still standing says how many more', () => {
    renderWithApp(
      <WorkoutSaved
        challenge={challenge('burpees-or-bust')}
        score={1}
        username="ann"
        target={{ beat: 3, from: 'bo' }}
      />,
    );
    expect(screen.getByText(/burpee\. Nice work!/)).toBeInTheDocument();
    expect(screen.getByTestId('target-result')).toHaveTextContent(
      "bo's 3 still stands. 3 more to beat it.",
    );
    expect(screen.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
      'href',
      '/burpees-or-bust/leaderboard',
    );
  });

  it('push-ups keep their words and links', () => {
    renderWithApp(<WorkoutSaved challenge={challenge('pushup-90')} score={5} username="ann" />);
    expect(screen.getByText(/push-ups\. Nice work!/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
      'href',
      '/90second/leaderboard',
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/90second');
  });

  it('lists the badges the save earned, one line each, named from the catalogue; none offline', () => {
    const badges = [
      { kind: 'first-set' as const, challenge: 'pushup-90', earnedAt: '2026-11-29T10:00:00.000Z' },
      { kind: 'week-streak-4' as const, earnedAt: '2026-11-29T10:00:00.000Z' },
    ];
    const { unmount } = renderWithApp(
      <WorkoutSaved
        challenge={challenge('pushup-90')}
        score={30}
        username="ann"
        newBadges={badges}
      />,
    );
    const list = screen.getByRole('list', { name: 'Badges earned' });
    const lines = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Badge earned: First set: .+/),
      'Badge earned: 4-week streak',
    ]);
    unmount();
    renderWithApp(
      <WorkoutSaved
        challenge={challenge('pushup-90')}
        score={30}
        username="ann"
        newBadges={badges}
        waitingToSync
      />,
    );
    expect(screen.queryByRole('list', { name: 'Badges earned' })).not.toBeInTheDocument();
  });
});
