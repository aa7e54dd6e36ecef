import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { WeeklyGoal } from './weekly-goal';

// The goal counts days with a set, not sets (docs/decisions/0053-weekly-goal.md): the screen says so.
describe('WeeklyGoal', () => {
  it('says what a session is, under the progress', () => {
    render(<WeeklyGoal stats={{ weeklyGoal: 4, sessionsThisWeek: 1, weekStreak: 0 }} />);
    expect(screen.getByTestId('weekly-goal-count')).toHaveTextContent('1 of 4 this week');
    expect(
      screen.getByText('A session is a day with at least one set, of any challenge.'),
    ).toBeVisible();
    expect(screen.getByText('No streak yet')).toBeInTheDocument();
  });

  it('past its target counts sessions instead of "5 of 3"', () => {
    render(<WeeklyGoal stats={{ weeklyGoal: 3, sessionsThisWeek: 5, weekStreak: 1 }} />);
    expect(screen.getByTestId('weekly-goal-count')).toHaveTextContent('5 sessions this week');
    expect(screen.getByText('Goal of 3 met')).toBeInTheDocument();
    expect(screen.queryByText(/5 of 3/)).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Weekly goal' })).toHaveAttribute(
      'aria-valuetext',
      '5 sessions this week, goal of 3 met',
    );
    expect(screen.getByText('1 week streak')).toBeInTheDocument();
  });

  describe('in German', () => {
    afterEach(() => activateLanguage('en'));

    it('counts its sessions in the language’s plural forms', async () => {
      await activateLanguage('de');
      const { rerender } = render(
        <WeeklyGoal stats={{ weeklyGoal: 1, sessionsThisWeek: 1, weekStreak: 0 }} />,
      );
      expect(screen.getByTestId('weekly-goal-count')).toHaveTextContent(
        '1 Trainingstag diese Woche',
      );
      expect(screen.getByText('Noch keine Serie')).toBeInTheDocument();
      rerender(<WeeklyGoal stats={{ weeklyGoal: 3, sessionsThisWeek: 5, weekStreak: 2 }} />);
      expect(screen.getByTestId('weekly-goal-count')).toHaveTextContent(
        '5 Trainingstage diese Woche',
      );
      expect(screen.getByRole('progressbar', { name: 'Wochenziel' })).toHaveAttribute(
        'aria-valuetext',
        '5 Trainingstage diese Woche, Ziel von 3 erreicht',
      );
    });
  });
});
