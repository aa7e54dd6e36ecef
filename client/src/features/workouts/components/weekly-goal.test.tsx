import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
