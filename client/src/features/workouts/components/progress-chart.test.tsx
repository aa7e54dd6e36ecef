import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Workout } from '@common/schemas/workouts';
import { ProgressChart } from './progress-chart';

// The chart beside the stats draws the sets that count: a set a moderator hid is in the history
// below it, marked, but not on the chart nor its best
// (docs/decisions/0183-hidden-sets-count-for-nothing.md).
const set = (id: number, pushups: number, hidden: Workout['hidden'] = null): Workout => ({
  id,
  userId: 1,
  challenge: 'pushup-90',
  score: pushups,
  pushups,
  notes: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
  verified: false,
  tier: 'entered',
  hidden,
});
const hide = { reason: 'Not a real count', at: '2026-11-21T09:00:00.000Z' };

describe('ProgressChart', () => {
  it('leaves out the sets a moderator hid', () => {
    render(
      <ProgressChart
        workouts={[set(3, 35), set(2, 150, hide), set(1, 40)]}
        challenge="pushup-90"
      />,
    );
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(/over your last 2 workouts/);
    expect(chart).toHaveAccessibleName(/Personal best 40 on /);
    expect(chart).toHaveAccessibleName(/Latest 35\.$/);
  });

  it('says it appears after a first set when every set is hidden', () => {
    render(<ProgressChart workouts={[set(1, 150, hide)]} challenge="pushup-90" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(
      screen.getByText('Your progress chart appears after your first workout.'),
    ).toBeInTheDocument();
  });
});
